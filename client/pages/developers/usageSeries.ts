import type { ApplicationUsageRow } from '@shared/schemas/applications';

/** Usage rows as a chart's days (oldest first) and one series of requests per endpoint (zero on days without any). */
export function usageSeries(rows: readonly ApplicationUsageRow[]) {
  const days = [...new Set(rows.map((r) => r.day))].sort();
  const endpoints = [...new Set(rows.map((r) => r.endpoint))].sort();
  const series = endpoints.map((endpoint) => ({
    name: endpoint,
    data: days.map((day) => rows.find((r) => r.day === day && r.endpoint === endpoint)?.requests ?? 0),
  }));
  const totals = rows.reduce((t, r) => ({ requests: t.requests + r.requests, writes: t.writes + r.writes }), { requests: 0, writes: 0 });
  return { days, series, totals };
}
