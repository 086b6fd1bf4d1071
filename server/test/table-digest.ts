import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';

/**
 * A digest of each table's rows (every column as text, in a fixed order): two databases, or one
 * before and after something, hold the same rows exactly when their digests are equal. `where`
 * leaves rows out by table (bookkeeping, things stamped with the moment they were made).
 */
export async function tableDigests(db: DbOrTx, tables: readonly string[], where: Record<string, string> = {}): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of tables) {
    const { rows } = (await db.execute(sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from ${t} x ${where[t] ? `where ${where[t]}` : ''}`))) as unknown as {
      rows: Array<{ n: number; d: string }>;
    };
    out[t] = `${rows[0]!.n}:${rows[0]!.d}`;
  }
  return out;
}
