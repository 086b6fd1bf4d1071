import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TimelineEntry } from '@shared/types/cases';
import { getBanAppeals, getStaff, type BanAppealRow } from '@client/api/admin';
import { getTimeline } from '@client/api/cases';
import { useDescribeError } from '@client/api/describeError';
import { casePath } from '@client/app/casePaths';
import { Badge } from '@client/components/Badge';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { DateTime } from '@client/components/DateTime';
import { EmptyState } from '@client/components/EmptyState';
import { Icon } from '@client/components/Icon';
import { Pager } from '@client/components/Pager';
import { Segmented } from '@client/components/Segmented';
import { Skeleton } from '@client/components/Skeleton';
import { StatusBadge } from '@client/components/StatusBadge';
import { UserLink } from '@client/components/userCard/UserLink';
import { useRemote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import { AppealStateBadge } from '@client/pages/player/appeal/AppealFacts';
import { AdminHeader } from '../AdminHeader';
import {
  allAppealsQuery,
  appealKey,
  appealsQueryString,
  findAppealEntry,
  pageCountOf,
  pageOf,
  parseAppealsQuery,
  scanAppeals,
  WAITING_STATE,
  type AppealsState,
  type AppealView,
} from './appealsQuery';
import styles from '../Admin.module.css';

/** What the queue shows: a page of rows, how many there are, and (waiting view) how far it looked. */
interface Queue {
  rows: BanAppealRow[];
  total: number;
  scanned: number | null;
  all: number;
}

const search = (state: AppealsState) => {
  const query = appealsQueryString(state);
  return { search: query ? `?${query}` : '' };
};

/** A case's appeals as staff see them (type, author, viewers), one request per case; null when it failed. */
async function appealsOfCases(ids: readonly number[], signal: AbortSignal) {
  const found = await Promise.all(
    ids.map((dbId) =>
      getTimeline({ dbId }, { skip: 0, limit: 100, order: 'desc', subject: ['banAppeal'] }, signal).then(
        (page) => [dbId, page.result] as const,
        () => [dbId, null] as const,
      ),
    ),
  );
  return new Map<number, TimelineEntry[] | null>(found);
}

interface RowProps {
  row: BanAppealRow;
  /** Undefined while loading, null when it could not be read or found. */
  entry: TimelineEntry | null | undefined;
  staffNames: ReadonlyMap<number, string>;
}

function AppealItem({ row, entry, staffNames }: RowProps) {
  const { t } = useTranslation();
  const state = row.appealStatus ?? WAITING_STATE;
  const review = entry ? `${casePath(row.originPersonaId)}#floor-${entry.id}` : casePath(row.originPersonaId);
  const type = entry?.content.appealType;
  const appellant = entry?.username ?? (row.byUserId !== null ? `#${row.byUserId}` : '');
  const viewers = entry?.viewedAdmins ?? [];
  return (
    <li className={styles.item} data-appeal={appealKey(row)} data-state={state} data-case={row.id}>
      <div className={styles.line}>
        <AppealStateBadge state={state} />
        {type ? <Badge tone="info">{t(`timeline.appealTypes.${type}`, { defaultValue: type })}</Badge> : entry === undefined ? <Skeleton width={90} height={22} radius="var(--radius-full)" /> : null}
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
        <dd>{row.byUserId !== null ? <UserLink id={row.byUserId}>{appellant}</UserLink> : t('admin.appeals.unknown')}</dd>
        <dt>{t('admin.appeals.viewers')}</dt>
        <dd>
          {entry === undefined ? (
            <Skeleton width={120} />
          ) : entry === null ? (
            t('admin.appeals.viewersUnknown')
          ) : viewers.length === 0 ? (
            t('admin.appeals.noViewers')
          ) : (
            viewers.map((id) => (
              <UserLink key={id} id={id}>
                {staffNames.get(id) ?? `#${id}`}
              </UserLink>
            ))
          )}
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

function QueueSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" aria-label={t('common.loading')}>
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className={styles.skeletonItem}>
          <Skeleton width="35%" height={22} />
          <Skeleton width={`${40 + ((i * 11) % 20)}%`} height={16} />
          <Skeleton width="50%" />
        </div>
      ))}
    </div>
  );
}

/**
 * /admin/appeals — the appeals queue (staff), newest first: those waiting for review by default,
 * or every appeal. The endpoint cannot filter by the stored states, so the waiting ones are found
 * in the browser (see `scanAppeals`); each row's type, author and viewers come from its case.
 */
export function AppealsPage() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const format = useFormat();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state = parseAppealsQuery(params);
  const waiting = state.view === 'waiting';
  /** Bumped by Refresh: the rows' details are read again even when the rows stay the same. */
  const [round, setRound] = useState(0);

  const queue = useRemote<Queue>(waiting ? 'waiting' : `all:${state.page}`, async (signal) => {
    if (!waiting) {
      const page = await getBanAppeals(allAppealsQuery(state.page), signal);
      return { rows: page.result, total: page.total, scanned: null, all: page.total };
    }
    const scan = await scanAppeals((q) => getBanAppeals(q, signal), WAITING_STATE);
    return { rows: scan.items, total: scan.items.length, scanned: scan.scanned, all: scan.total };
  });
  const rows = queue.state === 'ready' ? (waiting ? pageOf(queue.data.rows, state.page) : queue.data.rows) : [];
  const caseIds = [...new Set(rows.map((r) => r.id))];
  const entries = useRemote(queue.state === 'ready' ? `${round}:${state.view}:${state.page}:${rows.map(appealKey).join(',')}` : null, (signal) => appealsOfCases(caseIds, signal));
  const staff = useRemote('staff', (signal) => getStaff(signal));
  const staffNames = new Map((staff.data ?? []).map((s) => [s.id, s.username]));

  const entryOf = (row: BanAppealRow) => {
    if (entries.state !== 'ready') return undefined;
    const list = entries.data.get(row.id);
    return list ? (findAppealEntry(list, row) ?? null) : null;
  };
  const refresh = () => {
    setRound((r) => r + 1);
    queue.reload();
  };
  const total = queue.data?.total ?? 0;
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
          : waiting
            ? [
                t('admin.appeals.countWaiting', { count: total, formatted: format.number(total) }),
                queue.data.scanned !== null && queue.data.scanned < queue.data.all
                  ? t('admin.appeals.scanned', { scanned: format.number(queue.data.scanned), total: format.number(queue.data.all) })
                  : '',
              ]
                .filter(Boolean)
                .join(' ')
            : t('admin.appeals.countAll', { count: total, formatted: format.number(total) })}
      </p>
      <Card flush>
        <div id="appeals" aria-busy={queue.state === 'loading'}>
          {queue.state === 'failed' ? (
            <EmptyState tone="error" icon="alert" title={t('admin.appeals.loadFailed')} action={<Button onClick={refresh}>{t('common.retry')}</Button>}>
              {describe(queue.error)}
            </EmptyState>
          ) : queue.state === 'loading' ? (
            <QueueSkeleton />
          ) : rows.length === 0 ? (
            <EmptyState icon={waiting ? 'checkCircle' : 'flag'} title={t(waiting ? 'admin.appeals.emptyWaiting' : 'admin.appeals.empty')}>
              {waiting ? t('admin.appeals.emptyWaitingText') : null}
            </EmptyState>
          ) : (
            <ul className={styles.list} aria-label={t('admin.appeals.title')}>
              {rows.map((row) => (
                <AppealItem key={appealKey(row)} row={row} entry={entryOf(row)} staffNames={staffNames} />
              ))}
            </ul>
          )}
        </div>
      </Card>
      {queue.state === 'ready' && <Pager page={state.page} pageCount={pageCountOf(total)} label={t('admin.appeals.pages')} to={(page) => search({ ...state, page })} />}
    </div>
  );
}
