import { lazy, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDescribeError } from '@client/api/describeError';
import { getSiteStats } from '@client/api/stats';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { ChartBoundary } from '@client/components/ChartBoundary';
import { EmptyState } from '@client/components/EmptyState';
import { Skeleton } from '@client/components/Skeleton';
import { useRemote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import { buildSeries, hasGrowth, seriesTable, type SeriesLine } from './siteSeries';
import styles from './SiteStatsPage.module.css';

/** apexcharts stays out of every other chunk: it loads when the chart first shows. */
const SiteChartView = lazy(() => import('./SiteChartView'));

const ChartSkeleton = () => <Skeleton height={300} radius="var(--radius-md)" />;

/** The chart's numbers as a table, for screen readers and for anyone who wants exact values. */
function ChartTable({ lines }: { lines: readonly SeriesLine[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <details className={styles.chartTable}>
      <summary>{t('siteStats.chart.table')}</summary>
      <div className={styles.tableScroll}>
        <table>
          <caption className="visually-hidden">{t('siteStats.chart.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('siteStats.chart.date')}</th>
              {lines.map((l) => (
                <th scope="col" key={l.key}>
                  {t(`siteStats.series.${l.key}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {seriesTable(lines).map((row) => (
              <tr key={row.time}>
                <th scope="row">{format.date(row.time)}</th>
                {row.values.map((v, i) => (
                  <td key={lines[i]!.key}>{v === null ? '—' : format.number(v)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** The site's growth since the original's data starts: reported players, confirmed cheaters, members. */
export function SiteChart() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const format = useFormat();
  const remote = useRemote('siteStats', getSiteStats);
  const lines = useMemo(() => (remote.data ? buildSeries(remote.data) : null), [remote.data]);
  const start = lines?.[0]?.points[0]?.[0];

  let body: ReactNode;
  if (remote.state === 'failed' && !lines) {
    body = (
      <EmptyState tone="error" icon="alert" title={t('siteStats.chart.failed')} action={<Button onClick={remote.reload}>{t('common.retry')}</Button>}>
        {describe(remote.error)}
      </EmptyState>
    );
  } else if (!lines) {
    body = <ChartSkeleton />;
  } else if (!hasGrowth(lines)) {
    body = (
      <EmptyState icon="bolt" title={t('siteStats.chart.empty')}>
        {t('siteStats.chart.emptyText')}
      </EmptyState>
    );
  } else {
    body = (
      <>
        {/* A chart chunk that failed to load asks for a reload. */}
        <ChartBoundary
          loading={<ChartSkeleton />}
          failed={<EmptyState tone="error" icon="alert" title={t('siteStats.chart.chunkFailed')} action={<Button onClick={() => location.reload()}>{t('siteStats.chart.reload')}</Button>} />}
        >
          <div className={styles.chart}>
            <SiteChartView lines={lines} />
          </div>
        </ChartBoundary>
        <ChartTable lines={lines} />
      </>
    );
  }

  return (
    <Card id="site-growth" title={t('siteStats.chart.title')} description={start ? t('siteStats.chart.description', { date: format.monthYear(start) }) : undefined}>
      <div aria-busy={remote.state === 'loading'}>{body}</div>
    </Card>
  );
}
