import { and, eq, lt, type SQL } from 'drizzle-orm';
import { players, timeline, users } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { newestFirst } from '@server/db/order';

export const FEED_ENTRY_TYPES = ['report', 'judgement', 'banAppeal'] as const;
export type FeedEntryType = (typeof FEED_ENTRY_TYPES)[number];

/** Whether an entry of this type has a line in the feed. */
export const isFeedEntryType = (type: string): type is FeedEntryType => (FEED_ENTRY_TYPES as readonly string[]).includes(type);

/** Feed lines of visible entries on visible cases, with their case and author, meeting `conds` too. */
const feedEntries = (db: DbOrTx, ...conds: SQL[]) =>
  db
    .select({ entry: timeline, player: players, author: { id: users.id, username: users.username, privileges: users.privileges } })
    .from(timeline)
    .innerJoin(players, eq(players.id, timeline.playerId))
    .leftJoin(users, eq(users.id, timeline.byUserId))
    .where(and(eq(timeline.valid, true), eq(players.valid, true), ...conds));

/** The newest `limit` visible entries of one type on visible cases, before `before` (index `timeline_type_time_idx`). */
export function newestEntries(db: DbOrTx, type: FeedEntryType, before: Date | undefined, limit: number) {
  const conds: SQL[] = [eq(timeline.type, type)];
  if (before) conds.push(lt(timeline.createTime, before));
  return feedEntries(db, ...conds)
    .orderBy(newestFirst(timeline.createTime), newestFirst(timeline.id))
    .limit(limit);
}
export type FeedEntryRow = Awaited<ReturnType<typeof newestEntries>>[number];

/** The newest `limit` registrations before `before` (index `users_create_time_idx`). */
export function newestUsers(db: DbOrTx, before: Date | undefined, limit: number) {
  const conds: SQL[] = [eq(users.valid, true)];
  if (before) conds.push(lt(users.createTime, before));
  return db
    .select({ id: users.id, username: users.username, privileges: users.privileges, createTime: users.createTime })
    .from(users)
    .where(and(...conds))
    .orderBy(newestFirst(users.createTime), newestFirst(users.id))
    .limit(limit);
}
export type FeedUserRow = Awaited<ReturnType<typeof newestUsers>>[number];

/** The feed line of one entry as `newestEntries` reads it, or none while the entry or its case is hidden. */
export async function feedEntryOf(db: DbOrTx, id: number): Promise<FeedEntryRow | undefined> {
  const [row] = await feedEntries(db, eq(timeline.id, id));
  return row;
}
