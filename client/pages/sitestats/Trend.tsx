import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { casePath, casePathOfId } from '@client/app/casePaths';
import { getTrend } from '@client/api/stats';
import { Avatar } from '@client/components/Avatar';
import { Card } from '@client/components/Card';
import { EmptyState } from '@client/components/EmptyState';
import { RemoteList } from '@client/components/RemoteList';
import { Skeleton } from '@client/components/Skeleton';
import { StatusBadge } from '@client/components/StatusBadge';
import { useRemote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import type { Range } from './ranges';
import { RankNumber } from './RankNumber';
import styles from './SiteStatsPage.module.css';

/** The longest list /trend gives. */
const TREND_SIZE = 10;

const TrendSkeleton = () => (
  <div className={styles.rankList} aria-hidden>
    {Array.from({ length: 5 }, (_, i) => (
      <div key={i} className={styles.rankRow}>
        <Skeleton width={20} height={20} radius="50%" />
        <Skeleton width={36} height={36} radius="var(--radius-md)" />
        <Skeleton width={`${45 + ((i * 13) % 30)}%`} height={16} />
      </div>
    ))}
  </div>
);

/** The cases with the most activity inside the range (/trend), busiest first. */
export function Trend({ range }: { range: Range }) {
  const { t } = useTranslation();
  const format = useFormat();
  const remote = useRemote(range, (signal) => getTrend(range, TREND_SIZE, signal));

  return (
    <Card id="trend" title={t('siteStats.trend.title')} description={t('siteStats.trend.description')}>
      <div aria-busy={remote.state === 'loading'}>
        <RemoteList
          remote={remote}
          items={remote.data ?? []}
          failedTitle={t('siteStats.trend.failed')}
          skeleton={<TrendSkeleton />}
          empty={
            <EmptyState icon="bolt" title={t('siteStats.trend.empty')}>
              {t('siteStats.trend.emptyText')}
            </EmptyState>
          }
        >
          {(cases) => (
            <ol className={styles.rankList}>
              {cases.map((c, i) => (
                <li key={c.id} className={styles.rankRow}>
                  <RankNumber place={i + 1} />
                  <Avatar name={c.originName} src={c.avatarLink} size={36} square />
                  <span className={styles.trendWho}>
                    <Link to={c.originPersonaId ? casePath(c.originPersonaId) : casePathOfId(c.id)} className={styles.rankName}>
                      {c.originName}
                    </Link>
                    <StatusBadge status={c.status} />
                  </span>
                  <span className={styles.rankValue}>{t('siteStats.trend.hot', { count: c.hot, formatted: format.number(c.hot) })}</span>
                </li>
              ))}
            </ol>
          )}
        </RemoteList>
      </div>
    </Card>
  );
}
