import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { newestFirst, oldestFirst } from '@server/db/order';
import type { PlayersQuery } from '@shared/schemas/cases';
import { GAMES, type Game } from '@shared/games';
import { caseCounts, inGameSql, players } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';

const SORT_COLUMNS = {
  createTime: players.createTime,
  updateTime: players.updateTime,
  viewNum: players.viewNum,
  commentsNum: players.commentsNum,
} as const;

/**
 * The conditions of a case list. Visibility and game are written as constants, as the partial
 * indexes of each game's lists state them (`inGameSql`), so PostgreSQL reads those pages from them.
 */
export function caseFilters(q: Pick<PlayersQuery, 'game' | 'status' | 'createTimeFrom' | 'createTimeTo' | 'updateTimeFrom' | 'updateTimeTo'>): SQL[] {
  const where: SQL[] = [];
  if (q.game !== 'all' && (GAMES as readonly string[]).includes(q.game)) where.push(inGameSql(q.game as Game));
  else where.push(sql`${players.valid}`);
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

/** The trigger-kept count of a game/status (as `countedCases`), as a scalar subquery. */
const countedSql = (game: string, status: number) => {
  const g = game === 'all' || game === '*' ? '*' : game;
  const where = status === -1 ? eq(caseCounts.game, g) : and(eq(caseCounts.game, g), eq(caseCounts.status, status));
  return sql<number>`(select coalesce(sum(${caseCounts.count}), 0)::int from ${caseCounts} where ${where})`.mapWith(Number);
};

/**
 * A page of cases with an exact total; the sort is applied before paging (unlike the original).
 * The page's ids are read first (from the list indexes alone, skipped rows included), then only
 * those rows. The total comes in the same statement: the trigger-kept count, or with time filters
 * a count of the matching cases.
 */
export async function listCases(db: DbOrTx, q: PlayersQuery) {
  const where = and(...caseFilters(q))!;
  const column = SORT_COLUMNS[q.sortBy];
  // The indexes' own order (or its backward scan), so PostgreSQL reads pages instead of sorting.
  const direction = q.order === 'asc' ? oldestFirst : newestFirst;
  const hasTimeFilter = [q.createTimeFrom, q.createTimeTo, q.updateTimeFrom, q.updateTimeTo].some((v) => v !== undefined);
  // The subquery's own `players` hides the outer one, so `where` speaks of the counted rows.
  const countSql = sql<number>`(select count(*)::int from ${players} where ${where})`.mapWith(Number);
  const total = hasTimeFilter ? countSql : countedSql(q.game, q.status);
  const pageIds = db.select({ id: players.id }).from(players).where(where).orderBy(direction(column), direction(players.id)).limit(q.limit).offset(q.skip).as('page_ids');
  const rows = await db
    .select({ player: players, total })
    .from(pageIds)
    .innerJoin(players, eq(players.id, pageIds.id))
    .orderBy(direction(column), direction(players.id));
  if (rows.length) return { rows: rows.map((r) => r.player), total: rows[0]!.total };
  // Past the last page: the total alone.
  const [only] = await db.select({ total }).from(sql`(select 1) as one`);
  return { rows: [], total: only?.total ?? 0 };
}
