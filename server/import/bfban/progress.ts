import { and, eq, sql } from 'drizzle-orm';
import { importIssues, importProgress, importSources, type ImportProgressRow } from '@server/db/schema';
import type { Db, DbOrTx } from '@server/db/client';
import type { Issue } from './issues';

/** Where each table of a source stands, by table name. */
export async function loadProgress(db: Db, source: string): Promise<Map<string, ImportProgressRow>> {
  const rows = await db.select().from(importProgress).where(eq(importProgress.source, source));
  return new Map(rows.map((r) => [r.tableName, r]));
}

/** Committed with the batch it follows: a killed import resumes after the last batch written. */
export async function saveProgress(tx: DbOrTx, row: Omit<ImportProgressRow, 'updateTime'>) {
  await tx
    .insert(importProgress)
    .values({ ...row, updateTime: new Date() })
    .onConflictDoUpdate({ target: [importProgress.source, importProgress.tableName], set: { ...row, updateTime: new Date() } });
}

/** The report's lines of one batch; one line per row and column (several findings joined). */
export async function saveIssues(tx: DbOrTx, source: string, issues: readonly Issue[]) {
  if (!issues.length) return;
  const byKey = new Map<string, Issue>();
  for (const i of issues) {
    const k = `${i.table}\u0000${i.key}\u0000${i.column}`;
    const had = byKey.get(k);
    if (!had) byKey.set(k, { ...i });
    else byKey.set(k, { ...had, value: [had.value, i.value].filter((v) => v !== null).join('; '), why: had.why === i.why ? had.why : `${had.why}; ${i.why}`, refused: had.refused || i.refused });
  }
  const rows = [...byKey.values()].map((i) => ({ source, tableName: i.table, rowKey: i.key.slice(0, 64), columnName: i.column.slice(0, 64), value: i.value, why: i.why, refused: i.refused }));
  await tx
    .insert(importIssues)
    .values(rows)
    .onConflictDoUpdate({
      target: [importIssues.source, importIssues.tableName, importIssues.rowKey, importIssues.columnName],
      set: { value: sql`excluded.value`, why: sql`excluded.why`, refused: sql`excluded.refused` },
      setWhere: sql`(${importIssues.value}, ${importIssues.why}, ${importIssues.refused}) is distinct from (excluded.value, excluded.why, excluded.refused)`,
    });
}

/**
 * A row read again that now maps cleanly leaves the report. The keys are one array (`= any`), so
 * each is an index lookup: as a joined set the planner, misled by the table's young statistics,
 * compared every key with every line of the table (quadratic: 700 name logs/s at 100,000).
 */
export async function clearIssues(tx: DbOrTx, source: string, table: string, keys: readonly string[]) {
  if (!keys.length) return;
  await tx.execute(sql`delete from ${importIssues} where ${importIssues.source} = ${source} and ${importIssues.tableName} = ${table}
    and ${importIssues.rowKey} = any(${`{${keys.map((k) => `"${k.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::varchar[])`);
}

export async function sourceRow(db: DbOrTx, source: string) {
  await db.insert(importSources).values({ source }).onConflictDoNothing();
  const [row] = await db.select().from(importSources).where(eq(importSources.source, source));
  return row!;
}

export async function reportOf(db: Db, source: string) {
  return db.select().from(importIssues).where(eq(importIssues.source, source)).orderBy(importIssues.tableName, importIssues.id);
}

/** Rows refused: a row refused for two reasons (two columns) has two lines of the report and counts once. */
export async function refusedCount(db: Db, source: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(distinct (${importIssues.tableName}, ${importIssues.rowKey}))::int` }).from(importIssues).where(and(eq(importIssues.source, source), eq(importIssues.refused, true)));
  return Number(row?.n ?? 0);
}
