import { useTranslation } from 'react-i18next';
import type { StaffUserRow } from '@shared/schemas/admin-users';
import { roleToggles } from '@shared/roles';
import { setUserRole } from '@client/api/adminUsers';
import { Switch } from '@client/components/Toggle';
import type { StaffAction } from '@client/components/useStaffAction';
import styles from './AdminUsers.module.css';

/** A switch for each role: on when the account holds it, usable when my rank lets me give or take it. */
export function RolesSection({ user, me, action }: { user: StaffUserRow; me: { id: number; privileges: readonly string[] }; action: StaffAction }) {
  const { t } = useTranslation();
  const toggles = roleToggles(me, { id: user.id, privileges: user.privilege });
  return (
    <div className={styles.section}>
      <h3>{t('admin.users.roles')}</h3>
      <div className={styles.roles} role="group" aria-label={t('admin.users.roles')}>
        {toggles.map((tg) => (
          <Switch
            key={tg.role}
            checked={tg.held}
            disabled={action.busy || !tg.allowed}
            label={t(`privileges.${tg.role}`, { defaultValue: tg.role })}
            onChange={() => void action.run(() => setUserRole(user.id, tg.action, tg.role), t('admin.users.rolesSaved'))}
          />
        ))}
      </div>
    </div>
  );
}
