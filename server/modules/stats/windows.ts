import type { TimeWindow } from '@shared/schemas/stats';

const DAY = 24 * 60 * 60 * 1000;

/** The span of each ranking window: a day, a week, a month, a year. */
const WINDOW_MS: Record<TimeWindow, number> = {
  daily: DAY,
  weekly: 7 * DAY,
  monthly: 30 * DAY,
  yearly: 365 * DAY,
};

export const windowStart = (time: TimeWindow, now = Date.now()) => new Date(now - WINDOW_MS[time]);

/** The UTC day of an instant, counted from 1970-01-01: cheap to work out, for keys. */
export const dayNumberOf = (ms: number) => Math.floor(ms / DAY);

/** The UTC day of an instant, as the `daily_stats` key (`YYYY-MM-DD`). */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
