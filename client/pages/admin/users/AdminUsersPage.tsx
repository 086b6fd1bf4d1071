import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { StaffUserRow } from '@shared/schemas/admin-users';
import { staffSees } from '@shared/policy';
import { useViewer } from '@client/state/session';
import { searchUsers, type SearchUserParameter, type SearchUserType } from '@client/api/adminUsers';
import { Badge } from '@client/components/Badge';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { DateTime } from '@client/components/DateTime';
import { EmptyState } from '@client/components/EmptyState';
import { SelectField, TextField } from '@client/components/Field';
import { Pager } from '@client/components/Pager';
import { usePagerFocus } from '@client/components/usePagerFocus';
import { RemoteList } from '@client/components/RemoteList';
import { Skeleton } from '@client/components/Skeleton';
import { useRemote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import { AdminHeader } from '../AdminHeader';
import { ListSkeleton } from '../ListSkeleton';
import { UserDetail } from './UserDetail';
import adminStyles from '@client/pages/shared/Admin.module.css';
import styles from './AdminUsers.module.css';

const PAGE_SIZE = 20;
const PARAMETERS: SearchUserParameter[] = ['username', 'id', 'originName', 'originPersonaId', 'originEmail'];
const TYPES: SearchUserType[] = ['all', 'admin', 'bot'];

function readState(params: URLSearchParams) {
  const parameter = PARAMETERS.find((p) => p === params.get('parameter')) ?? 'username';
  const type = TYPES.find((p) => p === params.get('type')) ?? 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const selected = Number(params.get('user')) || null;
  return { name: params.get('name') ?? '', parameter, type, page, selected };
}
type State = ReturnType<typeof readState>;

const queryOf = (s: State) => {
  const q = new URLSearchParams();
  if (s.name) q.set('name', s.name);
  if (s.parameter !== 'username') q.set('parameter', s.parameter);
  if (s.type !== 'all') q.set('type', s.type);
  if (s.page > 1) q.set('page', String(s.page));
  if (s.selected) q.set('user', String(s.selected));
  const text = q.toString();
  return { search: text ? `?${text}` : '' };
};

/** /admin/users — find accounts (by name, id, platform account or e-mail) and manage one. */
export function AdminUsersPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state = readState(params);
  const [name, setName] = useState(state.name);
  const [parameter, setParameter] = useState<SearchUserParameter>(state.parameter);
  const [type, setType] = useState<SearchUserType>(state.type);
  // Searching by e-mail tells e-mails: offered to the staff who see them.
  const { privileges } = useViewer();
  const parameters = PARAMETERS.filter((p) => p !== 'originEmail' || staffSees(privileges).email);

  const key = state.name ? `${state.parameter}:${state.type}:${state.page}:${state.name}` : null;
  const results = useRemote(key, (signal) =>
    searchUsers({ name: state.name, parameter: state.parameter, type: state.type, skip: (state.page - 1) * PAGE_SIZE, limit: PAGE_SIZE }, signal),
  );
  const rows = results.state === 'ready' ? results.data.data : [];
  const total = results.data?.total ?? 0;
  const pager = usePagerFocus(state.page, Math.ceil(total / PAGE_SIZE), results.state === 'ready');
  const selected: StaffUserRow | undefined = rows.find((r) => r.id === state.selected);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    void navigate(queryOf({ name: name.trim(), parameter, type, page: 1, selected: null }));
  };

  return (
    <div className={`container ${adminStyles.page}`}>
      <AdminHeader title={t('admin.users.title')} lead={t('admin.users.lead')} />
      <Card>
        <form className={styles.form} onSubmit={submit} role="search">
          <TextField label={t('admin.users.query')} value={name} onChange={(e) => setName(e.target.value)} maxLength={254} required />
          <SelectField label={t('admin.users.by')} value={parameter} options={parameters.map((p) => ({ value: p, label: t(`admin.users.parameters.${p}`) }))} onChange={setParameter} />
          <SelectField label={t('admin.users.type')} value={type} options={TYPES.map((p) => ({ value: p, label: t(`admin.users.types.${p}`) }))} onChange={setType} />
          <Button type="submit" variant="primary" disabled={!name.trim()}>
            {t('admin.users.search')}
          </Button>
        </form>
      </Card>
      <p className={adminStyles.summary} aria-live="polite">
        {results.state === 'ready' ? t('admin.users.count', { count: total, formatted: format.number(total) }) : '\u00a0'}
      </p>
      {selected && (
        <Card>
          <UserDetail key={`${selected.id}:${selected.updateTime}:${selected.privilege.join()}:${selected.mutedUntil}:${selected.valid}`} user={selected} onChanged={() => results.reload()} />
        </Card>
      )}
      <Card flush>
        <div {...pager.region(t('admin.users.results'))} aria-busy={!!key && results.state === 'loading'}>
          {!key ? (
            <EmptyState icon="search" title={t('admin.users.start')} />
          ) : (
            <RemoteList
              remote={results}
              items={rows}
              failedTitle={t('admin.users.loadFailed')}
              keepOnReload
              skeleton={<ListSkeleton rows={3}>{() => <Skeleton width="40%" height={20} />}</ListSkeleton>}
              empty={<EmptyState icon="search" title={t('admin.users.empty')} />}
            >
              {(items) => (
                <ul className={adminStyles.list} aria-label={t('admin.users.results')}>
                  {items.map((u) => (
                    <li key={u.id} className={adminStyles.item} data-user={u.id}>
                      <div className={adminStyles.line}>
                        <button type="button" className={styles.pick} aria-pressed={u.id === state.selected} onClick={() => void navigate(queryOf({ ...state, selected: u.id }), { preventScrollReset: true })}>
                          {u.username}
                        </button>
                        <span className={adminStyles.id}>#{u.id}</span>
                        {u.privilege.map((p) => (
                          <Badge key={p}>{t(`privileges.${p}`, { defaultValue: p })}</Badge>
                        ))}
                        {!u.valid && <Badge tone="danger">{t('admin.users.deleted')}</Badge>}
                        {u.mutedUntil && <Badge tone="warning">{t('admin.users.mutedBadge')}</Badge>}
                        <span className={adminStyles.spacer} />
                        <DateTime value={u.createTime} />
                      </div>
                      {u.originName && <div className={styles.muted}>{u.originName}</div>}
                    </li>
                  ))}
                </ul>
              )}
            </RemoteList>
          )}
        </div>
      </Card>
      {total > PAGE_SIZE && (
        <Pager page={state.page} pageCount={Math.ceil(total / PAGE_SIZE)} to={(page) => queryOf({ ...state, page, selected: null })} label={t('admin.users.pages')} onGo={pager.go} />
      )}
    </div>
  );
}
