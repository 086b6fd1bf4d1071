import { TIME_WINDOWS, type TimeWindow } from '@shared/time-windows';

/** The ranges of the statistics page (yesterday, week, month, year), as the API names its windows. */
export const RANGES = TIME_WINDOWS;
export type Range = TimeWindow;
export const DEFAULT_RANGE: Range = 'weekly';

const DAY = 24 * 60 * 60 * 1000;

/** Days each range reaches back: the server's ranking and trend windows (1, 7, 30, 365 days). */
const RANGE_DAYS: Record<Range, number> = { daily: 1, weekly: 7, monthly: 30, yearly: 365 };

/** The range named by `?range=`, or the default. */
export function parseRange(value: string | null): Range {
  return RANGES.includes(value as Range) ? (value as Range) : DEFAULT_RANGE;
}

/** The query string for a range: empty for the default, so the plain address stays canonical. */
export const rangeSearch = (range: Range) => (range === DEFAULT_RANGE ? '' : `range=${range}`);

/**
 * Where a range's counters start: the UTC midnight of its first day. The server counts reports,
 * registrations and appeals by UTC day anyway, and a whole-day `from` keeps the request the same
 * all day long, so the browser and the server cache can answer it.
 */
export function rangeStart(range: Range, now = Date.now()): number {
  const from = now - RANGE_DAYS[range] * DAY;
  return from - (((from % DAY) + DAY) % DAY);
}
