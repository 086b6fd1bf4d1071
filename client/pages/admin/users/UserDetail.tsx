import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffUserRow } from '@shared/schemas/admin-users';
import { roleToggles, rankOf } from '@shared/roles';
import { isAdmin } from '@shared/privileges';
import { rules, staffSees } from '@shared/policy';
import { delUser, muteUser, resetPassword, setUserAttr, setUserBindData, setUserRole, transferBindData, unmuteUser } from '@client/api/adminUsers';
import { useDescribeError } from '@client/api/describeError';
import { Badge } from '@client/components/Badge';
import { Button } from '@client/components/Button';
import { DateTime } from '@client/components/DateTime';
import { Dialog } from '@client/components/Dialog';
import { SelectField, TextAreaField, TextField } from '@client/components/Field';
import { RichEditor } from '@client/editor/RichEditor';
import { LIMITS } from '@shared/limits';
import { Switch } from '@client/components/Toggle';
import { toast } from '@client/components/toast';
import { useViewer } from '@client/state/session';
import { MUTE_LENGTH_KEYS } from './labels';
import styles from './AdminUsers.module.css';

type Confirm = { kind: 'logic' | 'restore' | 'real' | 'reset' } | null;

/** One account as staff manage it: roles, name and introduction, binding, mute, password reset, deletion. */
export function UserDetail({ user, onChanged }: { user: StaffUserRow; onChanged: () => void }) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const viewer = useViewer();
  const me = { id: viewer.userinfo?.userId ?? 0, privileges: viewer.privileges };
  const outranks = me.id !== user.id && rankOf(user.privilege) < rankOf(me.privileges);
  const rootOrDev = viewer.has(rules.rootOrDev);
  const superStaff = viewer.has(rules.superStaff);
  const [busy, setBusy] = useState(false);
  const [username, setUsername] = useState(user.username);
  const [intro, setIntro] = useState(typeof user.attr.introduction === 'string' ? user.attr.introduction : '');
  const [muteLength, setMuteLength] = useState('0');
  const [warn, setWarn] = useState('');
  const [transferTo, setTransferTo] = useState('');
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [bind, setBind] = useState({ originName: user.originName ?? '', originUserId: user.originUserId ?? '', originPersonaId: user.originPersonaId ?? '', originEmail: user.originEmail ?? '' });
  const bindField = (k: keyof typeof bind) => ({ value: bind[k], onChange: (e: { target: { value: string } }) => setBind({ ...bind, [k]: e.target.value }) });

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      toast.success(done);
      onChanged();
    } catch (error) {
      toast.error(describe(error));
    } finally {
      setBusy(false);
    }
  };

  const toggles = roleToggles(me, { id: user.id, privileges: user.privilege });
  const confirmAction = async () => {
    const kind = confirm?.kind;
    setConfirm(null);
    if (kind === 'reset') await run(() => resetPassword(user.id), t('admin.users.resetDone'));
    else if (kind) await run(() => delUser(user.id, kind), t(`admin.users.delete.done.${kind}`));
  };

  return (
    <section className={styles.detail} aria-labelledby="user-detail-title" data-user-detail={user.id}>
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
      {!outranks && <p className={styles.muted}>{t('admin.users.outranked')}</p>}

      <div className={styles.section}>
        <h3>{t('admin.users.roles')}</h3>
        <div className={styles.roles} role="group" aria-label={t('admin.users.roles')}>
          {toggles.map((tg) => (
            <Switch
              key={tg.role}
              checked={tg.held}
              disabled={busy || !tg.allowed}
              label={t(`privileges.${tg.role}`, { defaultValue: tg.role })}
              onChange={() => void run(() => setUserRole(user.id, tg.action, tg.role), t('admin.users.rolesSaved'))}
            />
          ))}
        </div>
      </div>

      {superStaff && outranks && (
        <form
          className={styles.section}
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => setUserAttr({ id: user.id, ...(username !== user.username ? { username } : {}), userIntroduction: intro }), t('admin.users.saved'));
          }}
        >
          <h3>{t('admin.users.attributes')}</h3>
          <TextField label={t('admin.users.username')} value={username} onChange={(e) => setUsername(e.target.value)} maxLength={40} />
          <RichEditor label={t('admin.users.introduction')} initialHtml={intro} maxLength={LIMITS.introductionMax} onChange={setIntro} disabled={busy} />
          <div className={styles.row}>
            <Button type="submit" disabled={busy}>
              {t('common.save')}
            </Button>
          </div>
        </form>
      )}

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
            {staffSees(me.privileges).email && (
              <>
                <dt>{t('admin.users.originEmail')}</dt>
                <dd>{user.originEmail ?? '—'}</dd>
              </>
            )}
          </dl>
        ) : (
          <p className={styles.muted}>{t('admin.users.unbound')}</p>
        )}
        {superStaff && outranks && user.originUserId && (
          <form
            className={styles.row}
            onSubmit={(e) => {
              e.preventDefault();
              void run(() => transferBindData(user.id, Number(transferTo)), t('admin.users.transferred'));
            }}
          >
            <TextField label={t('admin.users.transferTo')} inputMode="numeric" value={transferTo} onChange={(e) => setTransferTo(e.target.value.replace(/\D/g, ''))} />
            <Button type="submit" disabled={busy || !transferTo}>
              {t('admin.users.transfer')}
            </Button>
          </form>
        )}
      </div>

      {rootOrDev && outranks && (
        <form
          className={styles.section}
          onSubmit={(e) => {
            e.preventDefault();
            void run(
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
            <Button type="submit" disabled={busy}>
              {t('common.save')}
            </Button>
          </div>
        </form>
      )}

      {!isAdmin(user.privilege) && (
        <form
          className={styles.section}
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => muteUser(user.id, Number(muteLength), warn.trim() || undefined), t('admin.users.mute.done'));
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
            <Button type="submit" variant="primary" disabled={busy}>
              {t('admin.users.mute.submit')}
            </Button>
            {user.mutedUntil && (
              <Button disabled={busy} onClick={() => void run(() => unmuteUser(user.id), t('admin.users.mute.lifted'))}>
                {t('admin.users.mute.unmute')}
              </Button>
            )}
          </div>
        </form>
      )}

      {rootOrDev && outranks && (
        <div className={styles.section}>
          <h3>{t('admin.users.account')}</h3>
          <div className={styles.row}>
            <Button disabled={busy || !user.originEmail} onClick={() => setConfirm({ kind: 'reset' })}>
              {t('admin.users.reset')}
            </Button>
            {user.valid ? (
              <Button variant="danger" disabled={busy} onClick={() => setConfirm({ kind: 'logic' })}>
                {t('admin.users.delete.logic')}
              </Button>
            ) : (
              <Button disabled={busy} onClick={() => setConfirm({ kind: 'restore' })}>
                {t('admin.users.delete.restore')}
              </Button>
            )}
            <Button variant="danger" disabled={busy} onClick={() => setConfirm({ kind: 'real' })}>
              {t('admin.users.delete.real')}
            </Button>
          </div>
        </div>
      )}

      <Dialog
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm ? t(confirm.kind === 'reset' ? 'admin.users.reset' : `admin.users.delete.${confirm.kind}`) : ''}
        footer={
          <>
            <Button onClick={() => setConfirm(null)}>{t('common.cancel')}</Button>
            <Button variant={confirm?.kind === 'restore' || confirm?.kind === 'reset' ? 'primary' : 'danger'} onClick={() => void confirmAction()}>
              {t('admin.users.confirm')}
            </Button>
          </>
        }
      >
        <p>{confirm ? t(confirm.kind === 'reset' ? 'admin.users.resetText' : `admin.users.delete.text.${confirm.kind}`, { name: user.username }) : null}</p>
      </Dialog>
    </section>
  );
}
