import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationUsageRow } from '@shared/schemas/applications';
import { LIMITS } from '@shared/limits';
import { useDescribeError } from '@client/api/describeError';
import { ChartBoundary } from '@client/components/ChartBoundary';
import { EmptyState } from '@client/components/EmptyState';
import { Skeleton } from '@client/components/Skeleton';
import { useRemote } from '@client/hooks/useRemote';
import { useFormat } from '@client/i18n/format';
import { usageSeries } from './usageSeries';

const StatsChart = lazy(() => import('@client/pages/shared/StatsChart'));

/** An application's requests per day and endpoint over the last days, drawn with the admin statistics' chart; `load` reads the owner's or the staff's view. */
export function UsageChart({ applicationId, load }: { applicationId: number; load: (id: number, signal: AbortSignal) => Promise<ApplicationUsageRow[]> }) {
  const { t } = useTranslation();
  const describe = useDescribeError();
  const format = useFormat();
  const usage = useRemote(`applicationUsage:${applicationId}`, (signal) => load(applicationId, signal));
  if (usage.state === 'failed') return <EmptyState tone="error" icon="alert" title={t('developers.usage.failed')}>{describe(usage.error)}</EmptyState>;
  if (!usage.data) return <Skeleton height={200} radius="var(--radius-md)" />;
  const { days, series, totals } = usageSeries(usage.data);
  const summary = t('developers.usage.summary', { days: LIMITS.appUsageDays, requests: format.number(totals.requests), writes: format.number(totals.writes) });
  return (
    <section aria-label={t('developers.usage.title')} data-usage-of={applicationId}>
      <h4>{t('developers.usage.title')}</h4>
      <p>{summary}</p>
      {days.length > 0 && (
        <ChartBoundary loading={<Skeleton height={320} radius="var(--radius-md)" />} failed={<EmptyState tone="error" icon="alert" title={t('developers.usage.failed')} />}>
          <StatsChart labels={days.map((d) => format.date(`${d}T12:00:00Z`))} series={series} label={summary} />
        </ChartBoundary>
      )}
    </section>
  );
}
