import type { DbOrTx } from '@server/db/client';
import type { Services } from '@server/services';
import { FEED_ENTRY_TYPES, newestEntries, newestUsers } from './activities';
import type { ActivityItem } from '@shared/types/cases';
import { registrationActivity } from '@server/modules/timeline/activity';
import { presentFeedEntry } from './activity-presenter';
import { memoized } from './cache';

/**
 * The activity feed (reference §8 `/activities`): the newest `limit` of each kind — registrations,
 * reports, judgements, appeals — before `from`, merged newest first and cut to `limit`.
 * Hidden entries and hidden cases never appear.
 */
export async function activityFeed(db: DbOrTx, q: { from?: number; limit: number }): Promise<ActivityItem[]> {
  const before = q.from === undefined ? undefined : new Date(q.from);
  const [registrations, ...entries] = await Promise.all([
    newestUsers(db, before, q.limit),
    ...FEED_ENTRY_TYPES.map((type) => newestEntries(db, type, before, q.limit)),
  ]);
  const lines = [
    ...registrations.map((u) => ({ at: u.createTime.getTime(), item: registrationActivity(u) })),
    ...entries.flatMap((rows, i) => rows.map((r) => ({ at: r.entry.createTime.getTime(), item: presentFeedEntry(FEED_ENTRY_TYPES[i]!, r) }))),
  ];
  lines.sort((a, b) => b.at - a.at || a.item.type.localeCompare(b.item.type) || b.item.id - a.item.id);
  return lines.slice(0, q.limit).map((l) => l.item);
}

/** The largest feed a client may ask for; smaller ones are its first lines. */
const FEED_MAX = 100;

/**
 * The current feed (no `from`) is what every home page asks for: computed at most every 2 seconds
 * per process, at its largest size, and cut to each request's `limit` (the first `limit` lines of
 * the largest feed are the feed of that size). Browsers keep it 30 s anyway (Cache-Control), and
 * new lines reach open pages live through the `all` room. Pages further back (`from`) are read
 * directly.
 */
const currentFeed = memoized(2000, (services) => activityFeed(services.db, { limit: FEED_MAX }));

export async function cachedActivityFeed(services: Services, q: { from?: number; limit: number }): Promise<ActivityItem[]> {
  if (q.from !== undefined) return activityFeed(services.db, q);
  const lines = await currentFeed(services, '');
  return lines.length > q.limit ? lines.slice(0, q.limit) : lines;
}
