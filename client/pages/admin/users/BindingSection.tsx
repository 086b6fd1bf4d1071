import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffUserRow } from '@shared/schemas/admin-users';
import { transferBindData } from '@client/api/adminUsers';
import { Button } from '@client/components/Button';
import { TextField } from '@client/components/Field';
import type { StaffAction } from '@client/components/useStaffAction';
import styles from './AdminUsers.module.css';

interface BindingSectionProps {
  user: StaffUserRow;
  /** Whether my role may see the bound e-mail. */
  seesEmail: boolean;
  /** Whether I may move the binding to another account. */
  canTransfer: boolean;
  action: StaffAction;
}

/** The game account the account is bound to (or that it is not), and moving that binding to another account. */
export function BindingSection({ user, seesEmail, canTransfer, action }: BindingSectionProps) {
  const { t } = useTranslation();
  const [transferTo, setTransferTo] = useState('');
  return (
    <div className={styles.section}>
      <h3>{t('admin.users.binding')}</h3>
      {user.originUserId ? (
        <dl className={styles.muted}>
          <dt>{t('admin.users.originName')}</dt>
          <dd>{user.originName}</dd>
          <dt>{t('admin.users.originIds')}</dt>
          <dd>
            {user.originUserId} / {user.originPersonaId ?? '—'}
          </dd>
          {seesEmail && (
            <>
              <dt>{t('admin.users.originEmail')}</dt>
              <dd>{user.originEmail ?? '—'}</dd>
            </>
          )}
        </dl>
      ) : (
        <p className={styles.muted}>{t('admin.users.unbound')}</p>
      )}
      {canTransfer && user.originUserId && (
        <form
          className={styles.row}
          onSubmit={(e) => {
            e.preventDefault();
            void action.run(() => transferBindData(user.id, Number(transferTo)), t('admin.users.transferred'));
          }}
        >
          <TextField label={t('admin.users.transferTo')} inputMode="numeric" value={transferTo} onChange={(e) => setTransferTo(e.target.value.replace(/\D/g, ''))} />
          <Button type="submit" disabled={action.busy || !transferTo}>
            {t('admin.users.transfer')}
          </Button>
        </form>
      )}
    </div>
  );
}
