import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@server/db/client';

/**
 * Bulk mode for the import's batches: the row triggers (statistics counters, the names' games,
 * foreign-key checks) are left out for the batch's transaction (`session_replication_role =
 * replica`), since the import checks references itself and counts everything again at the end
 * (finalize/). They cost the most per row: a case's insert bumped four counter rows. Needs a
 * role allowed to set it (the embedded database, a superuser); otherwise the triggers run.
 */
export async function bulkModeAvailable(db: Db): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
    });
    return true;
  } catch {
    return false;
  }
}

export async function enterBulkMode(tx: DbOrTx) {
  await tx.execute(sql`set local session_replication_role = replica`);
}

/** What the names' trigger keeps (migration 0024): each name carries its case's games. */
export async function syncNameGames(db: DbOrTx, playerIds?: readonly number[]) {
  await db.execute(sql`update name_history n set case_games = p.games from players p
    where p.id = n.player_id and n.case_games is distinct from p.games
    ${playerIds ? sql`and n.player_id in (select value::int from jsonb_array_elements_text(${JSON.stringify(playerIds)}::jsonb))` : sql``}`);
}
