import { eq, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { importSources } from '@server/db/schema';
import type { Issue } from './issues';
import { knownIds } from './known';
import { openSource, type Source } from './source';
import { TABLES, type SinceTimes, type TablePlan } from './tables';
import { clearIssues, loadProgress, saveIssues, saveProgress, sourceRow } from './progress';
import { finalizeImport } from './finalize';
import { recordImport } from './finalize/admin-entry';
import { wallClockIn, type Zone } from './zone';
import type { Progress } from './terminal';
import { assertEmptyOrOurs } from './target-check';
import { bulkModeAvailable, enterBulkMode } from './bulk-mode';

export interface ImportOptions {
  from: string;
  zone: Zone;
  dryRun: boolean;
  since: Date | null;
  batchSize?: number;
  /** Tests: stop (as if killed) once this many batches were committed. */
  stopAfterBatches?: number;
}

export interface TableResult {
  table: string;
  read: number;
  written: number;
  refused: number;
  skipped: number;
  adjusted: number;
}

export interface ImportResult {
  source: string;
  tables: TableResult[];
  /** Issues met in this run (a dry run keeps only these; a real run also has them in import_issues). */
  issues: Issue[];
  issueCount: number;
  refused: number;
  stoppedEarly: boolean;
}

const ISSUES_KEPT = 2_000;

/**
 * Reads the original table by table, in key order, and writes each batch with its report lines
 * and the table's new position in one transaction: a run stopped anywhere continues after the last
 * batch committed, and reading a row again changes nothing. Then everything derived is recounted.
 */
export async function importBfban(db: Db, opts: ImportOptions, progress: Progress): Promise<ImportResult> {
  const source = await openSource(opts.from);
  try {
    return await run(db, source, opts, progress);
  } finally {
    await source.close();
  }
}

async function run(db: Db, source: Source, opts: ImportOptions, progress: Progress): Promise<ImportResult> {
  const batchSize = opts.batchSize ?? 2_000;
  const pass = opts.since ? `since:${opts.since.toISOString()}` : 'full';
  await assertEmptyOrOurs(db, source.id);
  const hasIntroduction = await source.hasColumn('users', 'introduction');
  const known = knownIds(opts.zone, hasIntroduction);
  if (!opts.dryRun) await known.load(db);
  const progressRows = opts.dryRun ? new Map() : await loadProgress(db, source.id);
  if (opts.since && !opts.dryRun && TABLES.some((t) => !progressRows.get(t.name)?.done)) {
    throw new Error('the first import has not finished: run it again without --since until it completes, then bring later changes with --since');
  }
  const src = opts.dryRun ? null : await sourceRow(db, source.id);
  const bulk = !opts.dryRun && (await bulkModeAvailable(db));
  const times: SinceTimes | null = opts.since ? { wall: wallClockIn(opts.zone, opts.since), utc: opts.since.toISOString().slice(0, 19).replace('T', ' ') } : null;
  progress.note(`reading ${source.id}${hasIntroduction ? ' (with users.introduction)' : ''}: DATETIME values in ${opts.zone.name}${opts.since ? `, changes since ${opts.since.toISOString()} (${times!.wall} there)` : ''}${opts.dryRun ? ', dry run: nothing is written' : ''}`);

  const result: ImportResult = { source: source.id, tables: [], issues: [], issueCount: 0, refused: 0, stoppedEarly: false };
  let batches = 0;
  for (const table of TABLES) {
    const stored = progressRows.get(table.name);
    const resumed = stored && stored.pass === pass ? stored : null;
    if (resumed?.done && !opts.since) {
      result.tables.push({ table: table.name, read: 0, written: 0, refused: 0, skipped: 0, adjusted: 0 });
      continue;
    }
    const filter = times && table.since ? table.since(times) : null;
    const after = resumed && !resumed.done ? resumed.lastKey : 0;
    if (resumed?.done) {
      // This --since pass already read this table to its end.
      result.tables.push({ table: table.name, read: 0, written: 0, refused: 0, skipped: 0, adjusted: 0 });
      continue;
    }
    const where = `${table.key} > ?${filter ? ` AND ${filter.where}` : ''}`;
    const params = [after, ...(filter?.params ?? [])];
    const selectSql = `SELECT ${table.columns(hasIntroduction)} FROM ${table.name} WHERE ${where} ORDER BY ${table.key}`;
    const total = (resumed?.rowsRead ?? 0) + (await source.count(`SELECT 1 FROM ${table.name} WHERE ${where}`, params));
    const counts: TableResult = { table: table.name, read: resumed?.rowsRead ?? 0, written: resumed?.rowsWritten ?? 0, refused: resumed?.rowsRefused ?? 0, skipped: 0, adjusted: 0 };
    progress.start(table.name, total, counts.read);
    let lastKey = after;
    for await (const raw of source.batches(selectSql, params, batchSize)) {
      const { rows, issues, refused, skipped, adjusted } = mapBatch(table, raw, known);
      lastKey = Number(raw[raw.length - 1]![table.key]);
      counts.read += raw.length;
      counts.refused += refused;
      counts.skipped += skipped;
      counts.adjusted += adjusted;
      keepIssues(result, issues);
      if (!opts.dryRun) {
        await db.transaction(async (tx) => {
          if (bulk) await enterBulkMode(tx);
          const written = await table.write(tx, rows);
          counts.written += written.inserted + written.updated;
          await clearIssues(tx, source.id, table.name, raw.map((r) => String(r[table.key])));
          await saveIssues(tx, source.id, issues);
          await saveProgress(tx, { source: source.id, tableName: table.name, pass, lastKey, rowsRead: counts.read, rowsWritten: counts.written, rowsRefused: counts.refused, done: false });
        });
      }
      progress.advance(raw.length);
      if (opts.stopAfterBatches !== undefined && ++batches >= opts.stopAfterBatches) {
        result.stoppedEarly = true;
        return result;
      }
    }
    if (!opts.dryRun) await saveProgress(db, { source: source.id, tableName: table.name, pass, lastKey, rowsRead: counts.read, rowsWritten: counts.written, rowsRefused: counts.refused, done: true });
    progress.finish(`${counts.read.toLocaleString('en-US')} read, ${counts.written.toLocaleString('en-US')} written, ${counts.adjusted} adjusted, ${counts.skipped} skipped, ${counts.refused} refused`);
    result.tables.push(counts);
  }
  result.refused = result.tables.reduce((n, t) => n + t.refused, 0);
  if (opts.dryRun) return result;

  const wrote = result.tables.some((t) => t.written > 0);
  if (wrote || !src!.completeTime) {
    if (!bulk) progress.note('(the database role may not set session_replication_role: rows were written with their triggers, which is slower)');
    await finalizeImport(db, src!.firstStart, progress);
    const now = new Date();
    if (!src!.completeTime) await db.update(importSources).set({ completeTime: now }).where(eq(importSources.source, source.id));
    await recordImport(db, source.id, {
      at: now.toISOString(),
      since: opts.since?.toISOString() ?? null,
      written: Object.fromEntries(result.tables.map((t) => [t.table, t.written])),
      refused: result.refused,
    });
  }
  // A --since pass is done; the next one starts afresh.
  if (opts.since) await db.execute(sql`update import_progress set pass = 'full', done = true where source = ${source.id}`);
  return result;
}

/** Maps one batch in order; each row is known to the rows after it (a reply quoting an entry of the same batch). */
function mapBatch(table: TablePlan, raw: Record<string, unknown>[], known: ReturnType<typeof knownIds>) {
  const rows: unknown[] = [];
  const issues: Issue[] = [];
  let refused = 0;
  let skipped = 0;
  let adjusted = 0;
  for (const r of raw) {
    const mapped = table.map(r, known.context);
    issues.push(...mapped.issues);
    if (mapped.row === null) {
      if (mapped.issues.some((i) => i.refused)) refused++;
      else skipped++;
      continue;
    }
    if (mapped.issues.length) adjusted++;
    table.remember(known, mapped.row);
    rows.push(mapped.row);
  }
  return { rows, issues, refused, skipped, adjusted };
}

function keepIssues(result: ImportResult, issues: Issue[]) {
  result.issueCount += issues.length;
  for (const i of issues) if (result.issues.length < ISSUES_KEPT) result.issues.push(i);
}
