import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getPlayers } from '@client/api/cases';
import { useDescribeError } from '@client/api/describeError';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { CaseTable, CaseTableSkeleton } from '@client/components/cases/CaseTable';
import { EmptyState } from '@client/components/EmptyState';
import { Pager } from '@client/components/Pager';
import { usePagerFocus } from '@client/components/usePagerFocus';
import { useRemote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import { LIMITS } from '@shared/limits';
import { roomOf } from '@shared/socket';
import { Badge } from '@client/components/Badge';
import { useRoom } from '@client/realtime/useRoom';
import { useLocalFlags } from '@client/state/localFlags';
import { LIVE_RELOAD_WAIT_MS, takesLive } from './liveList';
import { DEFAULT_LIST, listQueryString, parseListQuery, toPlayersQuery, type ListState } from './listQuery';
import { PlayersFilters } from './PlayersFilters';
import styles from './PlayersPage.module.css';

/** The case database (the player list): filters and sort in the URL, 20 cases a page, exact total. */
export function PlayersPage() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const format = useFormat();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const state = parseListQuery(params);
  const query = listQueryString(state);
  /** The query a live reload is running for: its list stays on screen meanwhile, and is read past the cache. */
  const liveQuery = useRef<string | null>(null);
  const remote = useRemote(query, (signal) => getPlayers(toPlayersQuery(state), signal, liveQuery.current === query));
  const { autoUpdatePlayerList: live } = useLocalFlags();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    if (liveQuery.current !== query) liveQuery.current = null;
  }, [query]);
  useRoom(live ? roomOf.all : null, {
    onEvent: (event) => {
      if (event.name !== 'activity' || !takesLive(state, event.payload.item)) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        liveQuery.current = query;
        remote.reload();
      }, LIVE_RELOAD_WAIT_MS);
    },
    onRefetch: remote.reload,
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const go = (next: ListState) => {
    const search = listQueryString(next);
    void navigate(search ? `?${search}` : '.', { preventScrollReset: true });
  };
  const change = (part: Partial<ListState>) => go({ ...state, ...part, page: 1 });
  const total = remote.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / LIMITS.pageDefault));
  const pager = usePagerFocus(state.page, pageCount, remote.state === 'ready');

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <h1>
          {t('players.title')}
          {live && (
            <span className={styles.live}>
              <Badge tone="success">{t('players.live')}</Badge>
            </span>
          )}
        </h1>
        <p aria-live="polite">{remote.state === 'ready' ? t('players.count', { count: total, formatted: format.number(total) }) : t('players.lead')}</p>
      </header>
      <Card>
        <PlayersFilters state={state} onChange={change} onReset={() => go(DEFAULT_LIST)} />
      </Card>
      <Card flush>
        <div {...pager.region(t('players.title'))} aria-busy={remote.state === 'loading'}>
          {remote.state === 'failed' ? (
            <EmptyState tone="error" icon="alert" title={t('players.loadFailed')} action={<Button onClick={remote.reload}>{t('common.retry')}</Button>}>
              {describe(remote.error)}
            </EmptyState>
          ) : remote.state === 'loading' && !(remote.data && liveQuery.current === query) ? (
            <CaseTableSkeleton />
          ) : !remote.data?.result.length ? (
            <EmptyState icon="search" title={t('players.empty')}>
              {t('players.emptyText')}
            </EmptyState>
          ) : (
            <CaseTable items={remote.data.result} caption={t('players.title')} />
          )}
        </div>
      </Card>
      {remote.state === 'ready' && (
        <Pager
          page={state.page}
          pageCount={pageCount}
          label={t('players.pages')}
          onGo={pager.go}
          to={(page) => {
            const search = listQueryString({ ...state, page });
            return search ? `?${search}` : '.';
          }}
        />
      )}
    </div>
  );
}
