import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';

const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface UpsertSpec {
  table: string;
  /** Columns the rows give (snake_case, the table's own names). */
  columns: readonly string[];
  /** The unique key a row is matched by. */
  conflict: readonly string[];
  /**
   * What an existing row takes from the source (default: every given column but the key). Columns
   * recounted after the import are left out, so that reading a row again changes nothing.
   */
  update?: readonly string[];
  /** SQL for a column's new value other than `excluded.<column>` (e.g. widening a time range). */
  merge?: Readonly<Record<string, string>>;
}

/**
 * Writes a batch in one statement: the rows travel as one JSON parameter
 * (`json_populate_recordset`: typed by the table itself), new ones are inserted, existing ones
 * updated only where something differs. Answers how many rows were inserted and updated.
 */
export async function upsert(db: DbOrTx, spec: UpsertSpec, rows: readonly Record<string, unknown>[]): Promise<{ inserted: number; updated: number }> {
  if (!rows.length) return { inserted: 0, updated: 0 };
  const cols = spec.columns.map(q).join(', ');
  const update = (spec.update ?? spec.columns.filter((c) => !spec.conflict.includes(c))).filter((c) => !spec.conflict.includes(c));
  const value = (c: string) => spec.merge?.[c] ?? `excluded.${q(c)}`;
  const onConflict = update.length
    ? `do update set ${update.map((c) => `${q(c)} = ${value(c)}`).join(', ')} where (${update.map((c) => `${q(spec.table)}.${q(c)}`).join(', ')}) is distinct from (${update.map(value).join(', ')})`
    : 'do nothing';
  const statement: SQL = sql`with w as (insert into ${sql.raw(q(spec.table))} (${sql.raw(cols)})
    select ${sql.raw(cols)} from json_populate_recordset(null::${sql.raw(q(spec.table))}, ${JSON.stringify(rows)}::json)
    on conflict (${sql.raw(spec.conflict.map(q).join(', '))}) ${sql.raw(onConflict)}
    returning (xmax = 0) as ins)
    select count(*) filter (where ins)::int as inserted, count(*) filter (where not ins)::int as updated from w`;
  const { rows: out } = (await db.execute(statement)) as unknown as { rows: Array<{ inserted: number; updated: number }> };
  return { inserted: Number(out[0]?.inserted ?? 0), updated: Number(out[0]?.updated ?? 0) };
}
