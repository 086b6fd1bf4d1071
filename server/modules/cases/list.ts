import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { newestFirst, oldestFirst } from '@server/db/order';
import type { PlayersQuery } from '@shared/schemas/cases';
import { caseCounts, players } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';

const SORT_COLUMNS = {
  createTime: players.createTime,
  updateTime: players.updateTime,
  viewNum: players.viewNum,
  commentsNum: players.commentsNum,
} as const;

export function caseFilters(q: Pick<PlayersQuery, 'game' | 'status' | 'createTimeFrom' | 'createTimeTo' | 'updateTimeFrom' | 'updateTimeTo'>): SQL[] {
  const where: SQL[] = [eq(players.valid, true)];
  if (q.game !== 'all') where.push(sql`${players.games} @> ${JSON.stringify([q.game])}::jsonb`);
  if (q.status !== -1) where.push(eq(players.status, q.status));
  if (q.createTimeFrom !== undefined) where.push(gte(players.createTime, new Date(q.createTimeFrom)));
  if (q.createTimeTo !== undefined) where.push(lte(players.createTime, new Date(q.createTimeTo)));
  if (q.updateTimeFrom !== undefined) where.push(gte(players.updateTime, new Date(q.updateTimeFrom)));
  if (q.updateTimeTo !== undefined) where.push(lte(players.updateTime, new Date(q.updateTimeTo)));
  return where;
}

/** The exact number of cases of a game/status, read from the trigger-kept counters. */
export async function countedCases(db: DbOrTx, game: string, status: number): Promise<number> {
  const g = game === 'all' || game === '*' ? '*' : game;
  const rows = await db
    .select({ n: sql<number>`coalesce(sum(${caseCounts.count}), 0)::int` })
    .from(caseCounts)
    .where(status === -1 ? eq(caseCounts.game, g) : and(eq(caseCounts.game, g), eq(caseCounts.status, status)));
  return Number(rows[0]?.n ?? 0);
}

/** A page of cases with an exact total; the sort is applied before paging (unlike the original). */
export async function listCases(db: DbOrTx, q: PlayersQuery) {
  const where = and(...caseFilters(q));
  const column = SORT_COLUMNS[q.sortBy];
  // The indexes' own order (or its backward scan), so PostgreSQL reads pages instead of sorting.
  const direction = q.order === 'asc' ? oldestFirst : newestFirst;
  const rowsQuery = db.select().from(players).where(where).orderBy(direction(column), direction(players.id)).limit(q.limit).offset(q.skip);
  const hasTimeFilter = [q.createTimeFrom, q.createTimeTo, q.updateTimeFrom, q.updateTimeTo].some((v) => v !== undefined);
  const totalQuery = hasTimeFilter
    ? db.select({ n: sql<number>`count(*)::int` }).from(players).where(where).then((r) => Number(r[0]?.n ?? 0))
    : countedCases(db, q.game, q.status);
  const [rows, total] = await Promise.all([rowsQuery, totalQuery]);
  return { rows, total };
}
