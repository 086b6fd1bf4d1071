import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getBanAppeals, getStaff, type BanAppealRow } from '@client/api/admin';
import { casePath } from '@client/app/casePaths';
import { Badge } from '@client/components/Badge';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { DateTime } from '@client/components/DateTime';
import { EmptyState } from '@client/components/EmptyState';
import { Icon } from '@client/components/Icon';
import { Pager } from '@client/components/Pager';
import { usePagerFocus } from '@client/components/usePagerFocus';
import { RemoteList } from '@client/components/RemoteList';
import { Segmented } from '@client/components/Segmented';
import { Skeleton } from '@client/components/Skeleton';
import { StatusBadge } from '@client/components/StatusBadge';
import { UserLink } from '@client/components/userCard/UserLink';
import { useRemote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import { AppealStateBadge } from '@client/pages/player/appeal/AppealFacts';
import { AdminHeader } from '../AdminHeader';
import { ListSkeleton } from '../ListSkeleton';
import { appealsQueryString, appealsRequest, pageCountOf, parseAppealsQuery, WAITING_STATE, type AppealsState, type AppealView } from './appealsQuery';
import styles from '@client/pages/shared/Admin.module.css';

const search = (state: AppealsState) => {
  const query = appealsQueryString(state);
  return { search: query ? `?${query}` : '' };
};

interface RowProps {
  row: BanAppealRow;
  staffNames: ReadonlyMap<number, string>;
}

function AppealItem({ row, staffNames }: RowProps) {
  const { t } = useTranslation();
  const state = row.appealStatus ?? WAITING_STATE;
  const review = `${casePath(row.originPersonaId)}#floor-${row.appealId}`;
  // Appeals filed without a type are stored as `none`, shown as "Other" (as on the case page).
  const type = row.appealType === 'none' ? 'other' : row.appealType;
  return (
    <li className={styles.item} data-appeal={row.appealId} data-state={state} data-case={row.id}>
      <div className={styles.line}>
        <AppealStateBadge state={state} />
        <Badge tone="info">{t(`appeal.types.${type}`, { defaultValue: type })}</Badge>
        <span className={styles.spacer} />
        <DateTime value={row.appealTime} />
      </div>
      <div className={styles.line}>
        <Link to={review} className={styles.caseName}>
          {row.originName}
        </Link>
        <StatusBadge status={row.status} />
        <span className={styles.id}>{t('admin.judgementLog.caseNumber', { id: row.id })}</span>
      </div>
      <dl className={styles.facts}>
        <dt>{t('admin.appeals.appellant')}</dt>
        <dd>{row.byUserId !== null ? <UserLink id={row.byUserId}>{row.byUserName ?? `#${row.byUserId}`}</UserLink> : t('admin.appeals.unknown')}</dd>
        <dt>{t('admin.appeals.viewers')}</dt>
        <dd>
          {row.viewedAdmins.length === 0
            ? t('admin.appeals.noViewers')
            : row.viewedAdmins.map((id) => (
                <UserLink key={id} id={id}>
                  {staffNames.get(id) ?? `#${id}`}
                </UserLink>
              ))}
        </dd>
      </dl>
      <div className={styles.actions}>
        <Link to={review}>
          <Icon name="arrowRight" size={14} />
          {t(state === WAITING_STATE ? 'admin.appeals.review' : 'admin.appeals.open')}
        </Link>
      </div>
    </li>
  );
}

/**
 * /admin/appeals — the appeals queue (staff), newest first: those waiting for review by default,
 * or every appeal; one request a page, filtered, paged and counted by the server.
 */
export function AppealsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state = parseAppealsQuery(params);
  const waiting = state.view === 'waiting';

  const queue = useRemote(`${state.view}:${state.page}`, (signal) => getBanAppeals(appealsRequest(state), signal));
  const staff = useRemote('staff', (signal) => getStaff(signal));
  const staffNames = new Map((staff.data ?? []).map((s) => [s.id, s.username]));

  const rows = queue.state === 'ready' ? queue.data.result : [];
  const total = queue.data?.total ?? 0;
  const pager = usePagerFocus(state.page, pageCountOf(total), queue.state === 'ready');
  const refresh = () => queue.reload();
  const views: ReadonlyArray<{ value: AppealView; label: string }> = [
    { value: 'waiting', label: t('admin.appeals.views.waiting') },
    { value: 'all', label: t('admin.appeals.views.all') },
  ];

  return (
    <div className={`container ${styles.page}`}>
      <AdminHeader title={t('admin.appeals.title')} lead={t('admin.appeals.lead')} />
      <div className={styles.toolbar}>
        <Segmented label={t('admin.appeals.show')} value={state.view} options={views} onChange={(view) => void navigate(search({ view, page: 1 }), { preventScrollReset: true })} />
        <Button variant="ghost" size="sm" disabled={queue.state === 'loading'} onClick={refresh}>
          <Icon name="refresh" size={14} />
          {t('admin.refresh')}
        </Button>
      </div>
      <p className={styles.summary} aria-live="polite">
        {queue.state !== 'ready'
          ? '\u00a0'
          : t(waiting ? 'admin.appeals.countWaiting' : 'admin.appeals.countAll', { count: total, formatted: format.number(total) })}
      </p>
      <Card flush>
        <div {...pager.region(t('admin.appeals.title'))} id="appeals" aria-busy={queue.state === 'loading'}>
          <RemoteList
            remote={queue}
            items={rows}
            failedTitle={t('admin.appeals.loadFailed')}
            skeleton={
              <ListSkeleton rows={4} busy>
                {(i) => (
                  <>
                    <Skeleton width="35%" height={22} />
                    <Skeleton width={`${40 + ((i * 11) % 20)}%`} height={16} />
                    <Skeleton width="50%" />
                  </>
                )}
              </ListSkeleton>
            }
            empty={
              <EmptyState icon={waiting ? 'checkCircle' : 'flag'} title={t(waiting ? 'admin.appeals.emptyWaiting' : 'admin.appeals.empty')}>
                {waiting ? t('admin.appeals.emptyWaitingText') : null}
              </EmptyState>
            }
          >
            {(items) => (
              <ul className={styles.list} aria-label={t('admin.appeals.title')}>
                {items.map((row) => (
                  <AppealItem key={row.appealId} row={row} staffNames={staffNames} />
                ))}
              </ul>
            )}
          </RemoteList>
        </div>
      </Card>
      {queue.state === 'ready' && <Pager page={state.page} pageCount={pageCountOf(total)} label={t('admin.appeals.pages')} to={(page) => search({ ...state, page })} onGo={pager.go} />}
    </div>
  );
}
