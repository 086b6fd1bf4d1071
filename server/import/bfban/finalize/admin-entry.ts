import { eq, sql } from 'drizzle-orm';
import { adminLog, importSources } from '@server/db/schema';
import type { Db } from '@server/db/client';

/** The actor of what the operator's command line does: no account (the admin log shows no name). */
export const OPERATOR_ACTOR = 0;

export interface PassRecord {
  at: string;
  since: string | null;
  /** Rows written (inserted or changed) per table. */
  written: Record<string, number>;
  /** Rows deleted on the old site and handled here, per table (later passes). */
  deleted?: Record<string, number>;
  refused: number;
}

/**
 * The line's id: 0, which neither the sequence here nor the original's AUTO_INCREMENT ever gives,
 * so a later pass bringing the original's newer log lines (ids kept) never meets it.
 */
export const IMPORT_LOG_ID = 0;

/**
 * The import is one line of the admin log (`importBfban`); each later pass that wrote something
 * is added to that line's detail, so the log tells when the community came over and how.
 */
export async function recordImport(db: Db, source: string, pass: PassRecord) {
  await db.transaction(async (tx) => {
    const [src] = await tx.select().from(importSources).where(eq(importSources.source, source)).for('update');
    if (src?.adminLogId !== null && src?.adminLogId !== undefined) {
      await tx.execute(sql`update admin_log set detail = jsonb_set(detail, '{passes}', coalesce(detail->'passes', '[]'::jsonb) || ${JSON.stringify([pass])}::jsonb) where id = ${src.adminLogId}`);
      return;
    }
    const [row] = await tx
      .insert(adminLog)
      .values({ id: IMPORT_LOG_ID, actorId: OPERATOR_ACTOR, action: 'importBfban', detail: { source, passes: [pass] }, createTime: new Date(pass.at) })
      .returning({ id: adminLog.id });
    await tx.update(importSources).set({ adminLogId: row!.id }).where(eq(importSources.source, source));
  });
}
