import type { DbOrTx } from '@server/db/client';
import { FEED_ENTRY_TYPES, newestEntries, newestUsers } from './activities';
import type { ActivityItem } from '@shared/types/cases';
import { registrationActivity } from '@server/modules/timeline/activity';
import { presentFeedEntry } from './activity-presenter';

/**
 * The activity feed (`GET /activities`): the newest `limit` of each kind — registrations,
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
