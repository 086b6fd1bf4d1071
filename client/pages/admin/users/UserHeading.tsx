import { useTranslation } from 'react-i18next';
import type { StaffUserRow } from '@shared/schemas/admin-users';
import { isAdmin } from '@shared/privileges';
import { Badge } from '@client/components/Badge';
import { DateTime } from '@client/components/DateTime';
import styles from './AdminUsers.module.css';

/** The account's name and number, its roles, and whether it is deleted or muted. */
export function UserHeading({ user }: { user: StaffUserRow }) {
  const { t } = useTranslation();
  return (
    <div className={styles.row}>
      <h2 id="user-detail-title" style={{ margin: 0 }}>
        {user.username} <span className={styles.muted}>#{user.id}</span>
      </h2>
      {user.privilege.map((p) => (
        <Badge key={p} tone={isAdmin([p]) ? 'accent' : 'neutral'}>
          {t(`privileges.${p}`, { defaultValue: p })}
        </Badge>
      ))}
      {!user.valid && <Badge tone="danger">{t('admin.users.deleted')}</Badge>}
      {user.mutedUntil && (
        <Badge tone="warning">
          {t('admin.users.mutedUntil')} <DateTime value={user.mutedUntil} />
        </Badge>
      )}
    </div>
  );
}
