import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getBlockedUsers, getMutedUsers, unmuteUser } from '@client/api/adminUsers';
import { useDescribeError } from '@client/api/describeError';
import { Badge } from '@client/components/Badge';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { DateTime } from '@client/components/DateTime';
import { EmptyState } from '@client/components/EmptyState';
import { Pager } from '@client/components/Pager';
import { usePagerFocus } from '@client/components/usePagerFocus';
import { RemoteList } from '@client/components/RemoteList';
import { Skeleton } from '@client/components/Skeleton';
import { toast } from '@client/components/toast';
import { UserLink } from '@client/components/userCard/UserLink';
import { useRemote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import { AdminHeader } from '../AdminHeader';
import { ListSkeleton } from '../ListSkeleton';
import adminStyles from '@client/pages/shared/Admin.module.css';

const PAGE_SIZE = 20;

/** Time left until `iso`, in the largest whole unit. */
function timeLeft(iso: string, format: ReturnType<typeof useFormat>) {
  return format.relative(iso);
}

function UserList({ kind }: { kind: 'muted' | 'blocked' }) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const format = useFormat();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const q = { skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
  const list = useRemote(`${kind}:${page}`, (signal) => (kind === 'muted' ? getMutedUsers({ ...q, order: 'asc' }, signal) : getBlockedUsers(q, signal)));
  const rows = list.state === 'ready' ? list.data.data : [];
  const total = list.data?.total ?? 0;
  const pager = usePagerFocus(page, Math.ceil(total / PAGE_SIZE), list.state === 'ready');

  const unmute = async (id: number) => {
    try {
      await unmuteUser(id);
      toast.success(t('admin.users.mute.lifted'));
      list.reload();
    } catch (error) {
      toast.error(describe(error));
    }
  };

  return (
    <div className={`container ${adminStyles.page}`}>
      <AdminHeader title={t(`admin.${kind}.title`)} lead={t(`admin.${kind}.lead`)} />
      <p className={adminStyles.summary} aria-live="polite">
        {list.state === 'ready' ? t(`admin.${kind}.count`, { count: total, formatted: format.number(total) }) : '\u00a0'}
      </p>
      <Card flush>
        <div {...pager.region(t(`admin.${kind}.title`))} aria-busy={list.state === 'loading'} id={`${kind}-users`}>
          <RemoteList
            remote={list}
            items={rows}
            failedTitle={t('admin.users.loadFailed')}
            keepOnReload
            skeleton={<ListSkeleton rows={3}>{() => <Skeleton width="40%" height={20} />}</ListSkeleton>}
            empty={<EmptyState icon="checkCircle" title={t(`admin.${kind}.empty`)} />}
          >
            {(items) => (
              <ul className={adminStyles.list} aria-label={t(`admin.${kind}.title`)}>
                {items.map((u) => (
                  <li key={u.id} className={adminStyles.item} data-user={u.id}>
                    <div className={adminStyles.line}>
                      <UserLink id={u.id}>{u.username}</UserLink>
                      <span className={adminStyles.id}>#{u.id}</span>
                      {kind === 'blocked' && <Badge tone="danger">{t('privileges.blacklisted')}</Badge>}
                      <span className={adminStyles.spacer} />
                      {kind === 'muted' && u.mutedUntil ? (
                        <span data-muted-until={u.mutedUntil}>
                          {t('admin.muted.ends', { left: timeLeft(u.mutedUntil, format) })} (<DateTime value={u.mutedUntil} />)
                        </span>
                      ) : (
                        <DateTime value={u.updateTime} />
                      )}
                    </div>
                    {kind === 'muted' && (
                      <div className={adminStyles.actions}>
                        <Button size="sm" onClick={() => void unmute(u.id)}>
                          {t('admin.users.mute.unmute')}
                        </Button>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </RemoteList>
        </div>
      </Card>
      {total > PAGE_SIZE && <Pager page={page} pageCount={Math.ceil(total / PAGE_SIZE)} to={(p) => ({ search: p > 1 ? `?page=${p}` : '' })} label={t('admin.users.pages')} onGo={pager.go} />}
    </div>
  );
}

/** /admin/muted — users muted now, with the time left and an unmute button. */
export const MutedUsersPage = () => <UserList kind="muted" />;
/** /admin/blocked — banned (blacklisted) users. */
export const BlockedUsersPage = () => <UserList kind="blocked" />;
