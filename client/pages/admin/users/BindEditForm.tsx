import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffUserRow } from '@shared/schemas/admin-users';
import { setUserBindData } from '@client/api/adminUsers';
import { Button } from '@client/components/Button';
import { TextField } from '@client/components/Field';
import type { StaffAction } from '@client/components/useStaffAction';
import styles from './AdminUsers.module.css';

/** The binding written by hand (root and developers): name, ids and e-mail; an empty field clears it. */
export function BindEditForm({ user, action }: { user: StaffUserRow; action: StaffAction }) {
  const { t } = useTranslation();
  const [bind, setBind] = useState({ originName: user.originName ?? '', originUserId: user.originUserId ?? '', originPersonaId: user.originPersonaId ?? '', originEmail: user.originEmail ?? '' });
  const bindField = (k: keyof typeof bind) => ({ value: bind[k], onChange: (e: { target: { value: string } }) => setBind({ ...bind, [k]: e.target.value }) });
  return (
    <form
      className={styles.section}
      onSubmit={(e) => {
        e.preventDefault();
        void action.run(
          () =>
            setUserBindData({
              id: user.id,
              originName: bind.originName.trim() || null,
              originUserId: bind.originUserId.trim() || null,
              originPersonaId: bind.originPersonaId.trim() || null,
              originEmail: bind.originEmail.trim() || null,
            }),
          t('admin.users.bindSaved'),
        );
      }}
    >
      <h3>{t('admin.users.bindEdit')}</h3>
      <TextField label={t('admin.users.originName')} {...bindField('originName')} maxLength={64} />
      <TextField label={t('admin.users.originUserId')} inputMode="numeric" {...bindField('originUserId')} maxLength={20} />
      <TextField label={t('admin.users.originPersonaId')} inputMode="numeric" {...bindField('originPersonaId')} maxLength={20} />
      <TextField label={t('admin.users.originEmail')} type="email" {...bindField('originEmail')} maxLength={254} />
      <p className={styles.muted}>{t('admin.users.bindHint')}</p>
      <div className={styles.row}>
        <Button type="submit" disabled={action.busy}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
