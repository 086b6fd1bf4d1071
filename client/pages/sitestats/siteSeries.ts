import type { SitePoint, SiteStats } from '@client/api/stats';

/** The lines of the growth chart, in drawing order; each names its /siteStats list and theme colour. */
const SITE_SERIES = [
  { key: 'players', field: 'playerStats', color: '--color-accent' },
  { key: 'confirmed', field: 'confirmStats', color: '--color-danger' },
  { key: 'registers', field: 'userStats', color: '--color-success' },
] as const satisfies ReadonlyArray<{ key: string; field: keyof SiteStats; color: `--${string}` }>;

export type SiteSeriesKey = (typeof SITE_SERIES)[number]['key'];

export interface SeriesLine {
  key: SiteSeriesKey;
  color: string;
  /** `[epoch ms, count]`, oldest first. */
  points: Array<[number, number]>;
}

const toPoints = (list: readonly SitePoint[] | undefined): Array<[number, number]> =>
  (list ?? [])
    .map((p): [number, number] => [Date.parse(p.time), Number(p.num)])
    .filter(([time, num]) => Number.isFinite(time) && Number.isFinite(num))
    .sort((a, b) => a[0] - b[0]);

/** The chart's lines from a /siteStats answer: unreadable points dropped, oldest first. */
export function buildSeries(stats: SiteStats): SeriesLine[] {
  return SITE_SERIES.map(({ key, field, color }) => ({ key, color, points: toPoints(stats[field]) }));
}

/** Whether there is anything to draw: some line ends above zero. */
export const hasGrowth = (lines: readonly SeriesLine[]) => lines.some((l) => l.points.some(([, n]) => n > 0));

/**
 * The chart as a table (its accessible twin): one row per instant, one count per line, by time.
 * Lines that lack an instant leave its cell empty.
 */
export function seriesTable(lines: readonly SeriesLine[]): Array<{ time: number; values: Array<number | null> }> {
  const times = [...new Set(lines.flatMap((l) => l.points.map(([t]) => t)))].sort((a, b) => a - b);
  const byLine = lines.map((l) => new Map(l.points));
  return times.map((time) => ({ time, values: byLine.map((m) => m.get(time) ?? null) }));
}
