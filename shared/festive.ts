/** The site's own time zone, used where a calendar date (not an instant) decides something. */
export const SITE_TIME_ZONE = 'Asia/Shanghai';

/** First and last day (inclusive, in the site's time zone) of the festive banner. */
export const FESTIVE_WINDOW = { from: '2024-12-31', to: '2025-02-04' } as const;

/** The calendar date `YYYY-MM-DD` of an instant in a time zone. */
export function dateInZone(at: Date, timeZone: string = SITE_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * Whether the festive banner shows at this instant: its date in the site's zone is inside the window.
 * An instant more than a day away from the window (no zone is a day off UTC) is outside it without
 * asking Intl, whose first use of a time zone costs a phone tens of milliseconds on every page load.
 */
export function isFestive(at: Date, window: { from: string; to: string } = FESTIVE_WINDOW): boolean {
  const from = Date.parse(`${window.from}T00:00:00Z`) - DAY_MS;
  const to = Date.parse(`${window.to}T00:00:00Z`) + 2 * DAY_MS;
  if (at.getTime() < from || at.getTime() >= to) return false;
  const day = dateInZone(at);
  return day >= window.from && day <= window.to;
}
