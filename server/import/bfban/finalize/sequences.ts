import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';

/** Tables whose ids the import keeps (or gives), so new rows here start above them. */
const KEPT_IDS = ['players', 'timeline', 'users', 'name_history', 'messages', 'admin_log', 'files'] as const;

/** Moves each id sequence just above the largest id, never back (rows may have been added since). */
export async function moveSequences(db: DbOrTx) {
  for (const table of KEPT_IDS) {
    await db.execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), greatest((select coalesce(max(id), 0) from ${table}), (select last_value from ${table}_id_seq)), true)
      where (select coalesce(max(id), 0) from ${table}) > 0`));
  }
}
