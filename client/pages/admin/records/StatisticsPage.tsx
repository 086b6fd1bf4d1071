import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getUserStats, type UserStats } from '@client/api/adminRecords';
import { useDescribeError } from '@client/api/describeError';
import { Button } from '@client/components/Button';
import { Card } from '@client/components/Card';
import { ChartBoundary } from '@client/components/ChartBoundary';
import { DateTime } from '@client/components/DateTime';
import { EmptyState } from '@client/components/EmptyState';
import { Segmented } from '@client/components/Segmented';
import { Skeleton } from '@client/components/Skeleton';
import { UserLink } from '@client/components/userCard/UserLink';
import { useRemote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import { AdminHeader } from '../AdminHeader';
import styles from '@client/pages/shared/Admin.module.css';

/** apexcharts loads with the chart only. */
const StatsChart = lazy(() => import('@client/pages/shared/StatsChart'));

type Span = 'days' | 'months';
type Measure = 'judgements' | 'replies';

function seriesOf(stats: UserStats, span: Span, measure: Measure) {
  const key = `${measure}By${span === 'days' ? 'Day' : 'Month'}` as const;
  return stats.admins.map((a) => ({ name: a.username, data: a[key] })).filter((s) => s.data.some((n) => n > 0));
}

/** /admin/statistics — judgements and replies per admin per day and month, and who has been idle (staff). */
export function StatisticsPage() {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const format = useFormat();
  const remote = useRemote('userStats', (signal) => getUserStats(signal));
  const [span, setSpan] = useState<Span>('days');
  const [measure, setMeasure] = useState<Measure>('judgements');

  const body = () => {
    if (remote.state === 'failed')
      return (
        <EmptyState tone="error" icon="alert" title={t('admin.records.loadFailed')} action={<Button onClick={remote.reload}>{t('common.retry')}</Button>}>
          {describe(remote.error)}
        </EmptyState>
      );
    if (remote.state === 'loading') return <Skeleton height={320} radius="var(--radius-md)" />;
    const stats = remote.data;
    const series = seriesOf(stats, span, measure);
    const labels = span === 'days' ? stats.days.map((d) => format.date(`${d}T12:00:00Z`)) : stats.months;
    const chartLabel = t(`admin.records.stats.chart.${measure}`);
    return (
      <>
        <div className={styles.toolbar}>
          <Segmented<Measure>
            label={t('admin.records.stats.measure')}
            value={measure}
            onChange={setMeasure}
            options={[
              { value: 'judgements', label: t('admin.records.stats.judgements') },
              { value: 'replies', label: t('admin.records.stats.replies') },
            ]}
          />
          <Segmented<Span>
            label={t('admin.records.stats.span')}
            value={span}
            onChange={setSpan}
            options={[
              { value: 'days', label: t('admin.records.stats.days') },
              { value: 'months', label: t('admin.records.stats.months') },
            ]}
          />
        </div>
        <div className={styles.chart} data-stats-chart aria-label={chartLabel} role="figure">
          {series.length === 0 ? (
            <EmptyState icon="scale" title={t('admin.records.stats.none')} />
          ) : (
            <ChartBoundary loading={<Skeleton height={320} radius="var(--radius-md)" />} failed={<EmptyState tone="error" icon="alert" title={t('admin.records.loadFailed')} />}>
              <StatsChart labels={labels} series={series} label={chartLabel} />
            </ChartBoundary>
          )}
        </div>
        <p className={styles.summary}>
          {t('admin.records.stats.generated')} <DateTime value={stats.generatedAt} />
        </p>
      </>
    );
  };

  return (
    <div className={`container ${styles.page}`}>
      <AdminHeader title={t('admin.records.stats.title')} lead={t('admin.records.stats.lead')} />
      <Card>{body()}</Card>
      <Card>
        <h2>{t('admin.records.stats.inactive')}</h2>
        {remote.state === 'ready' &&
          (remote.data.inactive.length === 0 ? (
            <EmptyState icon="checkCircle" title={t('admin.records.stats.noneInactive')} />
          ) : (
            <div className={styles.tableWrap}>
              <table className={styles.table} data-inactive-admins>
                <thead>
                  <tr>
                    <th scope="col">{t('admin.records.stats.admin')}</th>
                    <th scope="col">{t('admin.records.stats.lastActive')}</th>
                  </tr>
                </thead>
                <tbody>
                  {remote.data.inactive.map((a) => (
                    <tr key={a.id}>
                      <td>
                        <UserLink id={a.id}>{a.username}</UserLink>
                      </td>
                      <td>{a.lastActive ? <DateTime value={a.lastActive} /> : t('admin.records.stats.never')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
      </Card>
    </div>
  );
}
