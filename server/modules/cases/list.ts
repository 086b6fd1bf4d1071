import { and, eq, getTableColumns, gte, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { newestFirst, oldestFirst } from '@server/db/order';
import type { PlayersQuery } from '@shared/schemas/cases';
import { GAMES, type Game } from '@shared/games';
import { caseCounts, caseViewOrder, inGameSql, players, viewOrderInGameSql } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { preparedByKey, UNNAMED } from '@server/db/prepared';
import type { CaseRecord } from '@shared/types/cases';
import { presentCaseColumns } from './presenter';

export const SORT_COLUMNS = {
  createTime: players.createTime,
  updateTime: players.updateTime,
  viewNum: players.viewNum,
  commentsNum: players.commentsNum,
} as const;

type ListFilters = Pick<PlayersQuery, 'game' | 'status' | 'createTimeFrom' | 'createTimeTo' | 'updateTimeFrom' | 'updateTimeTo'>;
const TIME_FILTERS = [
  ['createTimeFrom', players.createTime, '>='],
  ['createTimeTo', players.createTime, '<='],
  ['updateTimeFrom', players.updateTime, '>='],
  ['updateTimeTo', players.updateTime, '<='],
] as const;

/**
 * The conditions of a case list. Visibility and game are written as constants, as the partial
 * indexes of each game's lists state them (`inGameSql`), so PostgreSQL reads those pages from them.
 * With `placeholders`, status and times are placeholders of those names (see `listParams`).
 */
export function caseFilters(q: ListFilters, placeholders = false, keys: ListKeys = players): SQL[] {
  const where: SQL[] = [];
  if (inOneGame(q)) where.push(keys === players ? inGameSql(q.game as Game) : viewOrderInGameSql(q.game as Game));
  else where.push(sql`${keys.valid}`);
  if (q.status !== -1) where.push(placeholders ? sql`${keys.status} = ${sql.placeholder('status')}` : eq(keys.status, q.status));
  for (const [name, column, op] of TIME_FILTERS) {
    const v = q[name];
    if (v === undefined) continue;
    where.push(placeholders ? sql`${column} ${sql.raw(op)} ${sql.placeholder(name)}::timestamptz` : op === '>=' ? gte(column, new Date(v)) : lte(column, new Date(v)));
  }
  return where;
}

const inOneGame = (q: ListFilters) => q.game !== 'all' && (GAMES as readonly string[]).includes(q.game);

/** The columns a list filters by visibility, status and game: the case's own, or the copies in `case_view_order` for the order by views. */
type ListKeys = { valid: typeof players.valid | typeof caseViewOrder.valid; status: typeof players.status | typeof caseViewOrder.status };

/**
 * Where a list's page ids are read from, in its sort's order: the cases' list indexes, or for the
 * order by views `case_view_order` (schema/cases.ts), which holds the visibility, status and games
 * it is filtered by; the cases are joined to it only for times.
 */
function orderedIds(db: DbOrTx, q: ListFilters, sortBy: PlayersQuery['sortBy']) {
  if (sortBy !== 'viewNum') return { ids: db.select({ id: players.id }).from(players).$dynamic(), where: caseFilters(q, true), order: [SORT_COLUMNS[sortBy], players.id] };
  const ids = db.select({ id: caseViewOrder.caseId }).from(caseViewOrder).$dynamic();
  const joined = TIME_FILTERS.some(([name]) => q[name] !== undefined) ? ids.innerJoin(players, eq(players.id, caseViewOrder.caseId)) : ids;
  return { ids: joined, where: caseFilters(q, true, caseViewOrder), order: [caseViewOrder.viewNum, caseViewOrder.caseId] };
}

/** The values of `caseFilters(q, true)`'s placeholders. */
const listParams = (q: ListFilters) => {
  const out: Record<string, unknown> = {};
  if (q.status !== -1) out.status = q.status;
  for (const [name] of TIME_FILTERS) if (q[name] !== undefined) out[name] = new Date(q[name]!).toISOString();
  return out;
};

/** The exact number of cases of a game/status, read from the trigger-kept counters. */
export async function countedCases(db: DbOrTx, game: string, status: number): Promise<number> {
  const g = game === 'all' || game === '*' ? '*' : game;
  const rows = await db
    .select({ n: sql<number>`coalesce(sum(${caseCounts.count}), 0)::int` })
    .from(caseCounts)
    .where(status === -1 ? eq(caseCounts.game, g) : and(eq(caseCounts.game, g), eq(caseCounts.status, status)));
  return Number(rows[0]?.n ?? 0);
}

/** The trigger-kept count of a game/status (as `countedCases`) as a scalar subquery; the status is placeholder `status`. */
const countedSql = (game: string, anyStatus: boolean) => {
  const g = game === 'all' || game === '*' ? '*' : game;
  const where = anyStatus ? eq(caseCounts.game, g) : and(eq(caseCounts.game, g), sql`${caseCounts.status} = ${sql.placeholder('status')}`);
  return sql<number>`(select coalesce(sum(${caseCounts.count}), 0)::int from ${caseCounts} where ${where})`.mapWith(Number);
};

/** What tells one list query's SQL from another's: game, whether a status, sort, order, which time filters. */
const shapeOf = (q: PlayersQuery) =>
  [q.game, q.status === -1 ? 'any' : 'one', q.sortBy, q.order, TIME_FILTERS.map(([name]) => (q[name] === undefined ? '0' : '1')).join('')].join('|');

/**
 * Whether PostgreSQL's generic plan of a shape is the plan of every run (an ordered scan of one
 * list index): then the statement is prepared on the server and planned once per connection.
 * With time filters, or a game and a status together, the best index depends on the values, so
 * those shapes are planned at each run.
 */
const planOnce = (shape: string) => {
  const [game, status, , , times] = shape.split('|');
  return !times!.includes('1') && !(game !== 'all' && status === 'one');
};

/**
 * The list statement of one shape, built once. The page's ids are read first (from the list
 * indexes alone, skipped rows included), then each of those rows by its key (a lateral read that
 * PostgreSQL cannot turn into a join over the whole table, whatever LIMIT it assumes); the total
 * comes in the same statement: the trigger-kept count, or with time filters a count of the
 * matching cases.
 */
const listQuery = preparedByKey((db, shape: string) => {
  const [game, status, sortBy, order, times] = shape.split('|') as [string, string, PlayersQuery['sortBy'], 'asc' | 'desc', string];
  const q = { game, status: status === 'any' ? -1 : 0, ...Object.fromEntries(TIME_FILTERS.map(([name], i) => [name, times[i] === '1' ? 0 : undefined])) } as ListFilters;
  const where = and(...caseFilters(q, true))!;
  // The indexes' own order (or its backward scan), so PostgreSQL reads pages instead of sorting.
  const direction = order === 'asc' ? oldestFirst : newestFirst;
  // The subquery's own `players` hides the outer one, so `where` speaks of the counted rows.
  const total = (times.includes('1') ? sql<number>`(select count(*)::int from ${players} where ${where})`.mapWith(Number) : countedSql(game, status === 'any')).as('total');
  const ordered = orderedIds(db, q, sortBy);
  const pageIds = ordered.ids
    .where(and(...ordered.where))
    .orderBy(...ordered.order.map((column) => direction(column)))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('skip'))
    .as('page_ids');
  const listed = alias(players, 'listed');
  const row = db.select().from(listed).where(eq(listed.id, pageIds.id)).offset(0).as('row');
  const fields = Object.fromEntries(Object.keys(getTableColumns(players)).map((k) => [k, row[k as keyof typeof row]])) as unknown as typeof players._.columns;
  const name = planOnce(shape) ? `cases_list_${shape.replace(/\|/g, '_')}` : UNNAMED;
  return {
    page: db
      .select({ player: fields, total })
      .from(pageIds)
      .innerJoinLateral(row, sql`true`)
      .orderBy(direction(fields[sortBy]), direction(fields.id))
      .prepare(name),
    // Past the last page: the total alone.
    total: db.select({ total }).from(sql`(select 1) as one`).prepare(name && `${name}_total`),
  };
});

/**
 * A page of presented cases with an exact total; the sort is applied before paging (unlike the
 * original). Rows are read raw and presented straight from their columns.
 */
export async function listCases(db: DbOrTx, q: PlayersQuery): Promise<{ result: CaseRecord[]; total: number }> {
  const query = listQuery(db, shapeOf(q));
  const params = listParams(q);
  // `all` (both drivers' prepared queries have it) answers rows by column name, unmapped.
  const raw = query.page as unknown as { all(values: Record<string, unknown>): Promise<Array<Record<string, unknown>>> };
  const rows = await raw.all({ ...params, limit: q.limit, skip: q.skip });
  if (rows.length) return { result: rows.map(presentCaseColumns), total: Number(rows[0]!.total) };
  const [only] = await query.total.execute(params);
  return { result: [], total: Number(only?.total ?? 0) };
}
