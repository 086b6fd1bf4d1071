import { roomOf } from '@shared/socket';
import type { StatisticsQuery } from '@shared/schemas/stats';
import { ok, type Reply } from '@server/http/envelope';
import { cachedReply } from '@server/http/cached-reply';
import type { Services } from '@server/core/services';
import { askedCounters, statisticsCounters } from './counters';
import { activityFeed } from './feed';
import { dayNumberOf } from './windows';

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
