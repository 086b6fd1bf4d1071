import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffUserRow } from '@shared/schemas/admin-users';
import { muteUser, unmuteUser } from '@client/api/adminUsers';
import { Button } from '@client/components/Button';
import { SelectField, TextAreaField } from '@client/components/Field';
import { MUTE_LENGTH_KEYS } from './labels';
import type { StaffAction } from '@client/components/useStaffAction';
import styles from './AdminUsers.module.css';

/** Muting the account for a while, with a warning it is sent; lifting a mute. */
export function MuteForm({ user, action }: { user: StaffUserRow; action: StaffAction }) {
  const { t } = useTranslation();
  const [muteLength, setMuteLength] = useState('0');
  const [warn, setWarn] = useState('');
  return (
    <form
      className={styles.section}
      onSubmit={(e) => {
        e.preventDefault();
        void action.run(() => muteUser(user.id, Number(muteLength), warn.trim() || undefined), t('admin.users.mute.done'));
      }}
    >
      <h3>{t('admin.users.mute.title')}</h3>
      <SelectField
        label={t('admin.users.mute.length')}
        value={muteLength}
        options={MUTE_LENGTH_KEYS.map((k, i) => ({ value: String(i), label: t(`admin.users.mute.lengths.${k}`) }))}
        onChange={setMuteLength}
      />
      <TextAreaField label={t('admin.users.mute.warn')} hint={t('admin.users.mute.warnHint')} value={warn} onChange={(e) => setWarn(e.target.value)} rows={2} maxLength={2000} />
      <div className={styles.row}>
        <Button type="submit" variant="primary" disabled={action.busy}>
          {t('admin.users.mute.submit')}
        </Button>
        {user.mutedUntil && (
          <Button disabled={action.busy} onClick={() => void action.run(() => unmuteUser(user.id), t('admin.users.mute.lifted'))}>
            {t('admin.users.mute.unmute')}
          </Button>
        )}
      </div>
    </form>
  );
}
