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
