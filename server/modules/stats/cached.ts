import type { TimeWindow } from '@shared/schemas/stats';
import { memoized } from './cache';
import { siteStats } from './site-stats';
import { TREND_MAX, trendingCases } from './trend';
import { activeRankings } from './rankings';

/** Site charts change slowly: computed at most every 5 minutes per process. */
export const cachedSiteStats = memoized(5 * 60 * 1000, (services) => siteStats(services.db));

/**
 * Trend and rankings aggregate every entry of their window (a year is a large part of the
 * timeline): computed at most once a minute per process and window, the full top 10 each time.
 */
export const cachedTrend = memoized(60 * 1000, (services, time: TimeWindow) => trendingCases(services.db, time, TREND_MAX));

const rankingsByKey = memoized(60 * 1000, (services, key: `${TimeWindow}:${'bots' | 'people'}`) => {
  const [time, who] = key.split(':') as [TimeWindow, string];
  return activeRankings(services.db, { time, isBot: who === 'bots' });
});
export const cachedRankings = (services: Parameters<typeof rankingsByKey>[0], time: TimeWindow, isBot: boolean) =>
  rankingsByKey(services, `${time}:${isBot ? 'bots' : 'people'}`);
