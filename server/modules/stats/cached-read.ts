import { roomOf } from '@shared/socket';
import type { StatisticsQuery, TimeWindow } from '@shared/schemas/stats';
import { ok, type Reply } from '@server/http/envelope';
import { cachedReply } from '@server/http/cached-reply';
import type { Services } from '@server/core/services';
import { askedCounters, statisticsCounters } from './counters';
import { activityFeed } from './feed';
import { dayNumberOf } from './windows';
import { siteStats } from './site-stats';
import { TREND_MAX, trendingCases } from './trend';
import { activeRankings, pickedRankings } from './rankings';
import { presentTrending } from './presenter';

/**
 * What moves the site's counters and its feed: activity in `all` (registrations, reports,
 * judgements, appeals), any case's change (status, hidden entries or cases) and any account's
 * (privileges: the staff count; a hidden registration).
 */
const SITE_ROOMS = [roomOf.all, 'case:*', 'user:*'] as const;

/**
 * `GET /statistics`: the counters asked for, the same for everyone asking them from the same day;
 * kept in the read cache until the site's activity moves them.
 */
export function statisticsReply(services: Services, query: StatisticsQuery): Promise<Reply> {
  return cachedReply(services.readCache, `statistics:${askedCounters(query).join(',')}:${dayNumberOf(query.from)}`, 'statistics.ok', async () => ({
    reply: ok('statistics.ok', await statisticsCounters(services.db, query)),
    rooms: SITE_ROOMS,
  }));
}

/**
 * `GET /activities`: the current feed (no `from`) is what every home page asks for, so each size of
 * it is kept in the read cache until the site's activity moves it (new lines reach open pages live
 * through `all`). Pages further back are read each time.
 */
export function activitiesReply(services: Services, query: { from?: number; limit: number }): Promise<Reply> {
  const read = async () => ({ reply: ok('activities.ok', await activityFeed(services.db, query)), rooms: SITE_ROOMS });
  if (query.from !== undefined) return read().then((r) => r.reply);
  return cachedReply(services.readCache, `activities:${query.limit}`, 'activities.ok', read);
}

/** Site charts change slowly: computed at most every 5 minutes per node. */
export const SITE_STATS_KEEP_MS = 5 * 60 * 1000;
/**
 * Trend and rankings aggregate every entry of their window (a year is a large part of the
 * timeline): computed at most once a minute per node and window.
 */
export const WINDOW_AGGREGATE_KEEP_MS = 60 * 1000;

/** `GET /siteStats`: the cumulative series, kept by time alone. */
export function siteStatsReply(services: Services): Promise<Reply> {
  return cachedReply(services.readCache, 'siteStats', 'siteStats.ok', async () => ({
    reply: ok('siteStats.ok', await siteStats(services.db)),
    rooms: [],
    keepMs: SITE_STATS_KEEP_MS,
  }));
}

/** `GET /trend`: the window's top cases, read in full (`TREND_MAX`) and cut to the asked length. */
export function trendReply(services: Services, query: { time: TimeWindow; limit: number }): Promise<Reply> {
  return cachedReply(services.readCache, `trend:${query.time}:${query.limit}`, 'trend.ok', async () => ({
    reply: ok('trend.ok', (await trendingCases(services.db, query.time, TREND_MAX)).slice(0, query.limit).map(presentTrending)),
    rooms: [],
    keepMs: WINDOW_AGGREGATE_KEEP_MS,
  }));
}

/** `GET /activeStatistical`: the window's rankings that were asked for, kept by time alone per window, audience and choice. */
export function rankingsReply(services: Services, query: Parameters<typeof activeRankings>[1]): Promise<Reply> {
  const picked = pickedRankings(query);
  return cachedReply(services.readCache, `rankings:${query.time}:${query.isBot}:${JSON.stringify(picked)}`, 'statistics.ok', async () => ({
    reply: ok('statistics.ok', await activeRankings(services.db, { time: query.time, isBot: query.isBot, ...picked })),
    rooms: [],
    keepMs: WINDOW_AGGREGATE_KEEP_MS,
  }));
}
