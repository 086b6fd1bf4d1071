import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import type { StaffUserRow } from '@shared/schemas/admin-users';
import { setUserAttr } from '@client/api/adminUsers';
import { Button } from '@client/components/Button';
import { TextField } from '@client/components/Field';
import { RichEditor } from '@client/editor/RichEditor';
import type { StaffAction } from '@client/components/useStaffAction';
import styles from './AdminUsers.module.css';

/** The account's name and introduction, as super staff edit them (the name is sent only when changed). */
export function AttributesForm({ user, action }: { user: StaffUserRow; action: StaffAction }) {
  const { t } = useTranslation();
  const [username, setUsername] = useState(user.username);
  const [intro, setIntro] = useState(typeof user.attr.introduction === 'string' ? user.attr.introduction : '');
  return (
    <form
      className={styles.section}
      onSubmit={(e) => {
        e.preventDefault();
        void action.run(() => setUserAttr({ id: user.id, ...(username !== user.username ? { username } : {}), userIntroduction: intro }), t('admin.users.saved'));
      }}
    >
      <h3>{t('admin.users.attributes')}</h3>
      <TextField label={t('admin.users.username')} value={username} onChange={(e) => setUsername(e.target.value)} maxLength={40} />
      <RichEditor label={t('admin.users.introduction')} initialHtml={intro} maxLength={LIMITS.introductionMax} onChange={setIntro} disabled={action.busy} />
      <div className={styles.row}>
        <Button type="submit" disabled={action.busy}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}
