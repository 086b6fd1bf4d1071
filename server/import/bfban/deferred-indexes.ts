import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { importDeferredIndexes } from '@server/db/schema';

/** The tables a first import fills. */
const LOADED = ['players', 'name_history', 'users', 'subscriptions', 'user_achievements', 'timeline', 'messages', 'admin_log', 'files'];

/**
 * A first import into an empty database loads a million rows; kept row by row, the search
 * indexes (trigram and quadgram GIN indexes over names and texts) and the list indexes cost more
 * than the rows themselves. Their definitions are saved and they are dropped, in one transaction;
 * `buildDeferredIndexes` makes them again from the saved statements once the rows are in.
 * Primary keys and unique indexes stay: the import's upserts and the data's rules need them.
 * Only for a first pass into tables that hold nothing yet: no site serves from them.
 */
export async function deferIndexes(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = (await tx.execute(sql`
      select c.relname as name, t.relname as "table", pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_class t on t.oid = i.indrelid
      join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = current_schema() and t.relname = any(${`{${LOADED.join(',')}}`}::text[])
        and not i.indisunique and not i.indisprimary
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by t.relname, c.relname`)) as unknown as { rows: Array<{ name: string; table: string; definition: string }> };
    for (const r of rows) {
      await tx.insert(importDeferredIndexes).values({ indexName: r.name, tableName: r.table, definition: r.definition }).onConflictDoNothing();
      await tx.execute(sql.raw(`drop index if exists "${r.name.replace(/"/g, '""')}"`));
    }
    return rows.length;
  });
}

/** How many indexes are waiting to be built again. */
export async function deferredIndexCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(importDeferredIndexes);
  return Number(row?.n ?? 0);
}

/**
 * Builds every index `deferIndexes` dropped, each in a transaction with the removal of its line
 * (killed half-way, the next run builds the rest). Built once over the loaded rows: a sorted
 * build, far cheaper than the same entries added one row at a time. `memoryMb` is what one build
 * may sort in (PostgreSQL's maintenance_work_mem: the server's memory, or this process's when the
 * database is embedded).
 */
export async function buildDeferredIndexes(db: Db, memoryMb: number, each?: (name: string, seconds: number) => void): Promise<number> {
  const pending = await db.select().from(importDeferredIndexes).orderBy(asc(importDeferredIndexes.tableName), asc(importDeferredIndexes.indexName));
  for (const ix of pending) {
    const t = Date.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', '0', true), set_config('maintenance_work_mem', ${`${memoryMb}MB`}, true)`);
      await tx.execute(sql.raw(ix.definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS ')));
      await tx.delete(importDeferredIndexes).where(eq(importDeferredIndexes.indexName, ix.indexName));
    });
    each?.(ix.indexName, (Date.now() - t) / 1000);
  }
  return pending.length;
}
