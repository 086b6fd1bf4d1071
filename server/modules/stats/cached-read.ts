import { roomOf } from '@shared/socket';
import type { StatisticsQuery, TimeWindow } from '@shared/schemas/stats';
import { ok, type Reply } from '@server/http/envelope';
import type { Db } from '@server/db/client';
import { askedCounters, statisticsCounters } from './counters';
import { activityFeed } from './feed';
import { dayNumberOf } from './windows';
import { siteStats } from './site-stats';
import { trendingCases } from './trend';
import { LIMITS } from '@shared/limits';
import { activeRankings, pickedRankings } from './rankings';
import { presentTrending } from './presenter';

// The site's public aggregates, kept by their routes' `keep` (`routes.ts`): each key holds what the
// answer differs by, each answer names what ends it.

/**
 * What moves the site's counters and its feed: activity in `all` (registrations, reports,
 * judgements, appeals), any case's change (status, hidden entries or cases) and any account's
 * (privileges: the staff count; a hidden registration).
 */
const SITE_ROOMS = [roomOf.all, 'case:*', 'user:*'] as const;

/** `GET /statistics`: the counters asked for, the same for everyone asking them from the same day; kept until the site's activity moves them. */
export const statisticsKey = (query: StatisticsQuery) => `statistics:${askedCounters(query).join(',')}:${dayNumberOf(query.from)}`;

export async function statisticsReply(db: Db, query: StatisticsQuery): Promise<Reply> {
  return ok('statistics.ok', await statisticsCounters(db, query), { rooms: SITE_ROOMS });
}

/**
 * `GET /activities`: the current feed (no `from`) is what every home page asks for, so each size of
 * it is kept until the site's activity moves it (new lines reach open pages live through `all`).
 * Pages further back are read each time.
 */
export const activitiesKey = (query: { from?: number; limit: number }) => (query.from === undefined ? `activities:${query.limit}` : null);

export async function activitiesReply(db: Db, query: { from?: number; limit: number }): Promise<Reply> {
  return ok('activities.ok', await activityFeed(db, query), { rooms: SITE_ROOMS });
}

/** Site charts change slowly: computed at most every 5 minutes per node. */
export const SITE_STATS_KEEP_MS = 5 * 60 * 1000;
/**
 * Trend and rankings aggregate every entry of their window (a year is a large part of the
 * timeline): computed at most once a minute per node and window.
 */
export const WINDOW_AGGREGATE_KEEP_MS = 60 * 1000;

/** `GET /siteStats`: the cumulative series, kept by time alone (key `siteStats`). */
export async function siteStatsReply(db: Db): Promise<Reply> {
  return ok('siteStats.ok', await siteStats(db), { keepMs: SITE_STATS_KEEP_MS });
}

/** `GET /trend`: the window's top cases, read in full (`LIMITS.trendMax`) and cut to the asked length; kept by time alone. */
export const trendKey = (query: { time: TimeWindow; limit: number }) => `trend:${query.time}:${query.limit}`;

export async function trendReply(db: Db, query: { time: TimeWindow; limit: number }): Promise<Reply> {
  const top = await trendingCases(db, query.time, LIMITS.trendMax);
  return ok('trend.ok', top.slice(0, query.limit).map(presentTrending), { keepMs: WINDOW_AGGREGATE_KEEP_MS });
}

type RankingsQuery = Parameters<typeof activeRankings>[1];

/** `GET /activeStatistical`: the window's rankings that were asked for, kept by time alone per window, audience and choice. */
export const rankingsKey = (query: RankingsQuery) => `rankings:${query.time}:${query.isBot}:${JSON.stringify(pickedRankings(query))}`;

export async function rankingsReply(db: Db, query: RankingsQuery): Promise<Reply> {
  const rankings = await activeRankings(db, { time: query.time, isBot: query.isBot, ...pickedRankings(query) });
  return ok('statistics.ok', rankings, { keepMs: WINDOW_AGGREGATE_KEEP_MS });
}
