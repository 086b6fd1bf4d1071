import { inArray } from 'drizzle-orm';
import type { PlayerStatisticsEntry } from '@shared/schemas/stats';
import { caseCounts } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';

/** Case counts per requested `{game, status}`, in request order, from the trigger-kept counters (-1 = every status). */
export async function playerStatistics(db: DbOrTx, entries: PlayerStatisticsEntry[]) {
  const games = [...new Set(entries.map((e) => e.game))];
  const rows = await db.select().from(caseCounts).where(inArray(caseCounts.game, games));
  return entries.map(({ game, status }) => ({
    game,
    status,
    count: rows.filter((r) => r.game === game && (status === -1 || r.status === status)).reduce((n, r) => n + r.count, 0),
  }));
}
