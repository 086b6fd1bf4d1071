import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { BanAppealsQuery } from '@shared/schemas/stats';
import { players, timeline, users } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { newestFirst, oldestFirst } from '@server/db/order';

/** The original's `open`/`close` name the stored states: open = waiting, close = decided either way. */
const STORED_STATES: Record<Exclude<BanAppealsQuery['status'], 'all'>, string[]> = {
  open: ['unprocessed'],
  close: ['accept', 'fail'],
  lock: ['lock'],
  unprocessed: ['unprocessed'],
  accept: ['accept'],
  fail: ['fail'],
};

/** Visible appeals on visible cases, filtered by game, time and appeal status, paged with the exact total. */
export async function listBanAppeals(db: DbOrTx, q: BanAppealsQuery) {
  const conds: SQL[] = [eq(timeline.type, 'banAppeal'), eq(timeline.valid, true), eq(players.valid, true)];
  if (q.game !== 'all') conds.push(sql`${players.games} @> ${JSON.stringify([q.game])}::jsonb`);
  if (q.status !== 'all') conds.push(inArray(timeline.appealStatus, STORED_STATES[q.status]));
  if (q.createTimeFrom !== undefined) conds.push(gte(timeline.createTime, new Date(q.createTimeFrom)));
  if (q.createTimeTo !== undefined) conds.push(lte(timeline.createTime, new Date(q.createTimeTo)));
  const where = and(...conds);
  const order = q.order === 'asc' ? oldestFirst : newestFirst;
  const [rows, [count]] = await Promise.all([
    db
      .select({ entry: timeline, player: players, byUserName: users.username })
      .from(timeline)
      .innerJoin(players, eq(players.id, timeline.playerId))
      .leftJoin(users, eq(users.id, timeline.byUserId))
      .where(where)
      .orderBy(order(timeline.createTime), order(timeline.id))
      .limit(q.limit)
      .offset(q.skip),
    db.select({ n: sql<number>`count(*)::int` }).from(timeline).innerJoin(players, eq(players.id, timeline.playerId)).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
