import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseStatus } from '@shared/games';
import { useDescribeError } from '@client/api/describeError';
import { getCaseCounts } from '@client/api/stats';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { EmptyState } from '@client/components/EmptyState';
import { Segmented } from '@client/components/Segmented';
import { Skeleton } from '@client/components/Skeleton';
import { StatusBadge } from '@client/components/StatusBadge';
import { useRemote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import { COUNT_GAMES, countBars, gameTotalsQuery, statusQuery, type CountBar, type CountGame } from './caseCounts';
import styles from './SiteStatsPage.module.css';

function Bars<K extends string | number>({ bars, label, name }: { bars: ReadonlyArray<CountBar<K>>; label: string; name: (key: K) => ReactNode }) {
  const format = useFormat();
  return (
    <ul className={styles.bars} aria-label={label}>
      {bars.map((bar) => (
        <li key={bar.key} className={styles.bar}>
          <span className={styles.barName}>{name(bar.key)}</span>
          <span className={styles.barCount}>{format.number(bar.count)}</span>
          <span className={styles.barTrack} aria-hidden>
            <span className={styles.barFill} style={{ width: `${bar.percent}%` }} />
          </span>
        </li>
      ))}
    </ul>
  );
}

const BarsSkeleton = ({ rows }: { rows: number }) => (
  <div className={styles.bars} aria-hidden>
    {Array.from({ length: rows }, (_, i) => (
      <Skeleton key={i} height={18} width={`${90 - ((i * 23) % 50)}%`} />
    ))}
  </div>
);

/** Case counts as they stand now (/playerStatistics): per game, then per status of the chosen game. */
export function CaseCounts() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const [game, setGame] = useState<CountGame>('*');
  const totalsWanted = useMemo(gameTotalsQuery, []);
  const statusWanted = useMemo(() => statusQuery(game), [game]);
  const totals = useRemote('games', (signal) => getCaseCounts(totalsWanted, signal));
  const statuses = useRemote(game, (signal) => getCaseCounts(statusWanted, signal));
  const gameName = (g: CountGame) => (g === '*' ? t('siteStats.cases.allGames') : t(`games.${g}`));

  const failed = (totals.state === 'failed' && !totals.data) || (statuses.state === 'failed' && !statuses.data);
  const retry = () => {
    if (totals.state === 'failed') totals.reload();
    if (statuses.state === 'failed') statuses.reload();
  };
  const error = totals.state === 'failed' ? totals.error : statuses.state === 'failed' ? statuses.error : null;
  const gameBars = totals.data ? countBars(totalsWanted, totals.data, (q) => q.game as CountGame) : null;
  const statusBars = statuses.data ? countBars(statusWanted, statuses.data, (q) => q.status) : null;

  return (
    <Card id="case-counts" title={t('siteStats.cases.title')} description={t('siteStats.cases.description')}>
      {failed ? (
        <EmptyState tone="error" icon="alert" title={t('siteStats.cases.failed')} action={<Button onClick={retry}>{t('common.retry')}</Button>}>
          {describe(error)}
        </EmptyState>
      ) : gameBars && gameBars[0]!.count === 0 ? (
        <EmptyState icon="users" title={t('siteStats.cases.empty')}>
          {t('siteStats.cases.emptyText')}
        </EmptyState>
      ) : (
        <div className={styles.caseCounts}>
          <section aria-labelledby="case-counts-games" aria-busy={!gameBars}>
            <h3 id="case-counts-games" className={styles.subTitle}>
              {t('siteStats.cases.byGame')}
            </h3>
            {gameBars ? <Bars bars={gameBars} label={t('siteStats.cases.byGame')} name={gameName} /> : <BarsSkeleton rows={COUNT_GAMES.length} />}
          </section>
          <section aria-labelledby="case-counts-statuses" aria-busy={statuses.state === 'loading'}>
            <h3 id="case-counts-statuses" className={styles.subTitle}>
              {t('siteStats.cases.byStatus', { game: gameName(game) })}
            </h3>
            <Segmented
              label={t('siteStats.cases.gameLabel')}
              value={game}
              options={COUNT_GAMES.map((g) => ({ value: g, label: g === '*' ? t('siteStats.cases.all') : g.toUpperCase() }))}
              onChange={setGame}
            />
            <div className={statuses.state === 'loading' && statusBars ? styles.stale : undefined}>
              {statusBars ? (
                <Bars bars={statusBars} label={t('siteStats.cases.byStatus', { game: gameName(game) })} name={(s) => <StatusBadge status={s as CaseStatus} />} />
              ) : (
                <BarsSkeleton rows={statusWanted.length} />
              )}
            </div>
          </section>
        </div>
      )}
    </Card>
  );
}
