import { and, eq, sql } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import type { PlayersStreamQuery } from '@shared/schemas/cases';
import { caseViewOrder, players } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { newestFirst, oldestFirst } from '@server/db/order';
import { caseFilters, SORT_COLUMNS } from './list';
import { presentCase } from './presenter';

/** The SQL type a sort column's value is read back as, to continue after it. */
const CURSOR_TYPE = { createTime: 'timestamptz', updateTime: 'timestamptz', viewNum: 'integer', commentsNum: 'integer' } as const;

/** Where the last page ended: its last row's sort value (as PostgreSQL wrote it, to the microsecond) and id. */
interface Cursor {
  value: string;
  id: number;
}

/** One page after `after`, in the list's order (sort column, then id), read from the list indexes by key, never by OFFSET. */
function pageAfter(db: DbOrTx, q: PlayersStreamQuery, after: Cursor | null, size: number) {
  // By views, the order and its filters are read from `case_view_order`'s indexes (schema/cases.ts).
  const byViews = q.sortBy === 'viewNum';
  const [column, id] = byViews ? [caseViewOrder.viewNum, caseViewOrder.caseId] : [SORT_COLUMNS[q.sortBy], players.id];
  const direction = q.order === 'asc' ? oldestFirst : newestFirst;
  const where = caseFilters(q, false, byViews ? caseViewOrder : players);
  if (after) where.push(sql`(${column}, ${id}) ${sql.raw(q.order === 'asc' ? '>' : '<')} (${after.value}::${sql.raw(CURSOR_TYPE[q.sortBy])}, ${after.id})`);
  const cases = db.select({ player: players, cursor: sql<string>`${column}::text` }).from(players).$dynamic();
  return (byViews ? cases.innerJoin(caseViewOrder, eq(caseViewOrder.caseId, players.id)) : cases)
    .where(and(...where))
    .orderBy(direction(column), direction(id))
    .limit(size);
}

/**
 * `GET /players/stream`: every case matching the filters of `/players` as the pieces of one JSON
 * array of presented cases. A page is read only when the one before has been taken (the caller
 * pipes this into the response, which pulls as the client reads), each in a statement of its own:
 * no transaction or connection is held while a slow client reads.
 */
export async function* caseStream(db: DbOrTx, q: PlayersStreamQuery, pageSize: number = LIMITS.caseStreamPage): AsyncGenerator<string> {
  yield '[';
  const max = q.limit ?? Number.POSITIVE_INFINITY;
  let sent = 0;
  let after: Cursor | null = null;
  for (;;) {
    const size = Math.min(pageSize, max - sent);
    if (size <= 0) break;
    const rows = await pageAfter(db, q, after, size);
    if (rows.length) yield (sent ? ',' : '') + rows.map((r) => JSON.stringify(presentCase(r.player))).join(',');
    sent += rows.length;
    if (rows.length < size) break;
    const last = rows[rows.length - 1]!;
    after = { value: last.cursor, id: last.player.id };
  }
  yield ']';
}
