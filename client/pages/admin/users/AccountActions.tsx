import { useTranslation } from 'react-i18next';
import type { StaffUserRow } from '@shared/schemas/admin-users';
import { Button } from '@client/components/Button';
import { Dialog } from '@client/components/Dialog';
import styles from './AdminUsers.module.css';

/** What is done to the whole account, each asked about first: a password reset, deletion (and restoring), erasure. */
export type AccountAction = 'logic' | 'restore' | 'real' | 'reset';

/** The buttons of the account's actions (root and developers). */
export function AccountActions({ user, busy, onAsk }: { user: StaffUserRow; busy: boolean; onAsk: (action: AccountAction) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.section}>
      <h3>{t('admin.users.account')}</h3>
      <div className={styles.row}>
        <Button disabled={busy || !user.originEmail} onClick={() => onAsk('reset')}>
          {t('admin.users.reset')}
        </Button>
        {user.valid ? (
          <Button variant="danger" disabled={busy} onClick={() => onAsk('logic')}>
            {t('admin.users.delete.logic')}
          </Button>
        ) : (
          <Button disabled={busy} onClick={() => onAsk('restore')}>
            {t('admin.users.delete.restore')}
          </Button>
        )}
        <Button variant="danger" disabled={busy} onClick={() => onAsk('real')}>
          {t('admin.users.delete.real')}
        </Button>
      </div>
    </div>
  );
}

interface ConfirmProps {
  /** The action asked about; null while none is. */
  asked: AccountAction | null;
  username: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before an account action, saying what it does to the account. */
export function ConfirmAccountAction({ asked, username, onCancel, onConfirm }: ConfirmProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={asked !== null}
      onClose={onCancel}
      title={asked ? t(asked === 'reset' ? 'admin.users.reset' : `admin.users.delete.${asked}`) : ''}
      footer={
        <>
          <Button onClick={onCancel}>{t('common.cancel')}</Button>
          <Button variant={asked === 'restore' || asked === 'reset' ? 'primary' : 'danger'} onClick={onConfirm}>
            {t('admin.users.confirm')}
          </Button>
        </>
      }
    >
      <p>{asked ? t(asked === 'reset' ? 'admin.users.resetText' : `admin.users.delete.text.${asked}`, { name: username }) : null}</p>
    </Dialog>
  );
}
