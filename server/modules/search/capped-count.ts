import { sql, type SQLWrapper } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import type { DbOrTx } from '@server/db/client';

/**
 * How many rows `hits` selects, up to one past `LIMITS.searchTotalMax`: every search counts this
 * way, and a total above the limit is shown as the limit (`shownTotal`), so a common word is never
 * counted whole. The limit is written into the statement: as a parameter, a generic plan would
 * count every hit before applying it.
 */
export function countUpToLimit(db: DbOrTx, hits: SQLWrapper) {
  const past = sql.raw(String(LIMITS.searchTotalMax + 1));
  return db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(sql`(${hits} limit ${past}) as hits`);
}

/** The total a search answers with: its count, shown as the limit past it. */
export const shownTotal = (count: number | undefined) => Math.min(count ?? 0, LIMITS.searchTotalMax);

/**
 * The total of a page whose rows carry it (a `total` column): nothing on the first page means
 * nothing at all; past the last page only `count` (a capped count statement) tells it.
 */
export async function totalOfPage(rows: ReadonlyArray<{ total: number }>, skip: number, count: () => Promise<Array<{ n: number }>>) {
  if (rows.length) return shownTotal(rows[0]!.total);
  if (skip === 0) return 0;
  return shownTotal((await count())[0]?.n);
}
