import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffUserRow } from '@shared/schemas/admin-users';
import { rankOf } from '@shared/roles';
import { isAdmin } from '@shared/privileges';
import { rules, staffSees } from '@shared/policy';
import { delUser, resetPassword } from '@client/api/adminUsers';
import { useViewer } from '@client/state/session';
import { AccountActions, ConfirmAccountAction, type AccountAction } from './AccountActions';
import { AttributesForm } from './AttributesForm';
import { BindEditForm } from './BindEditForm';
import { BindingSection } from './BindingSection';
import { MuteForm } from './MuteForm';
import { RolesSection } from './RolesSection';
import { UserHeading } from './UserHeading';
import { useStaffAction } from '@client/components/useStaffAction';
import styles from './AdminUsers.module.css';

/** One account as staff manage it: roles, name and introduction, binding, mute, password reset, deletion. */
export function UserDetail({ user, onChanged }: { user: StaffUserRow; onChanged: () => void }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  const me = { id: viewer.userinfo?.userId ?? 0, privileges: viewer.privileges };
  const outranks = me.id !== user.id && rankOf(user.privilege) < rankOf(me.privileges);
  const rootOrDev = viewer.has(rules.rootOrDev);
  const superStaff = viewer.has(rules.superStaff);
  const action = useStaffAction(onChanged);
  const [asked, setAsked] = useState<AccountAction | null>(null);

  const confirmAction = async () => {
    const kind = asked;
    setAsked(null);
    if (kind === 'reset') await action.run(() => resetPassword(user.id), t('admin.users.resetDone'));
    else if (kind) await action.run(() => delUser(user.id, kind), t(`admin.users.delete.done.${kind}`));
  };

  return (
    <section className={styles.detail} aria-labelledby="user-detail-title" data-user-detail={user.id}>
      <UserHeading user={user} />
      {!outranks && <p className={styles.muted}>{t('admin.users.outranked')}</p>}
      <RolesSection user={user} me={me} action={action} />
      {superStaff && outranks && <AttributesForm user={user} action={action} />}
      <BindingSection user={user} seesEmail={staffSees(me.privileges).email} canTransfer={superStaff && outranks} action={action} />
      {rootOrDev && outranks && <BindEditForm user={user} action={action} />}
      {!isAdmin(user.privilege) && <MuteForm user={user} action={action} />}
      {rootOrDev && outranks && <AccountActions user={user} busy={action.busy} onAsk={setAsked} />}
      <ConfirmAccountAction asked={asked} username={user.username} onCancel={() => setAsked(null)} onConfirm={() => void confirmAction()} />
    </section>
  );
}
