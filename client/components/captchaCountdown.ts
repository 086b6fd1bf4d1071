import { LIMITS } from '@shared/limits';

const STORAGE_KEY = 'tribunal:captchaRefreshedAt';

/** Seconds left before the captcha may be refreshed by hand again (0 when it may). */
export function refreshWaitSeconds(lastRefreshAt: number | null, now: number): number {
  if (lastRefreshAt === null || lastRefreshAt > now) return 0;
  return Math.max(0, Math.ceil((lastRefreshAt + LIMITS.captchaRefreshWaitMs - now) / 1000));
}

/** The last manual refresh, kept per tab so a reload does not reset the wait. */
export function lastManualRefresh(): number | null {
  let value = NaN;
  try {
    value = Number(sessionStorage.getItem(STORAGE_KEY));
  } catch {
    // No storage: blocked in this browser, or none at all on the server (client/firstPaint/render.tsx).
  }
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function recordManualRefresh(now = Date.now()) {
  sessionStorage.setItem(STORAGE_KEY, String(now));
}
