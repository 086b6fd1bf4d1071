import { sql } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import { players } from '@server/db/schema';
import type { Db } from '@server/db/client';
import type { Services } from '@server/core/services';
import { createTallies, type Tallies } from '@server/infra/tallies';

export type CaseViews = Tallies<{ id: number; views: number }>;

/**
 * Case views counted in memory on this node and added to the cases every `LIMITS.viewFlushMs`:
 * a view costs a Map update, not a write of its own. Keyed by the case's id.
 */
export function countViews(db: Db, onError: (error: unknown) => void): CaseViews {
  return createTallies({
    keyOf: (line) => String(line.id),
    merge: (into, line) => void (into.views += line.views),
    store: (lines) => storeViews(db, lines),
    everyMs: LIMITS.viewFlushMs,
    onError,
  });
}

/** Adds a flush's views to the cases, in one statement per 1,000 cases. */
async function storeViews(db: Db, lines: Array<{ id: number; views: number }>): Promise<void> {
  // In key order, so two nodes flushing at once take the rows' locks in the same order.
  const sorted = [...lines].sort((a, b) => a.id - b.id);
  for (let i = 0; i < sorted.length; i += 1000) {
    const values = sql.join(sorted.slice(i, i + 1000).map((l) => sql`(${l.id}::int, ${l.views}::int)`), sql`, `);
    await db.execute(sql`update ${players} set view_num = ${players.viewNum} + seen.views from (values ${values}) as seen(id, views) where ${players.id} = seen.id`);
  }
}

/** The views of a case this node counted and has not added to it yet: what a case read adds to the stored number. */
export const viewsNotStored = (services: Services, caseId: number): number => services.views.pending(String(caseId))?.views ?? 0;
