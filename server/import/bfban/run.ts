import { eq, sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';
import { importSources, type ImportProgressRow } from '@server/db/schema';
import { issuesOf, type Issue } from './issues';
import { withoutNul } from './values';
import { batchFailure } from './batch-error';
import { knownIds } from './known';
import { openSource, type Source } from './source';
import { TABLES, type SinceTimes, type TablePlan } from './tables';
import { clearIssues, loadProgress, saveIssues, saveProgress, sourceRow } from './progress';
import { finalizeImport } from './finalize';
import { recordImport } from './finalize/admin-entry';
import { utcOffsetAt, wallClockIn, type Zone } from './zone';
import { duration, type Progress } from './terminal';
import { assertEmptyOrOurs } from './target-check';
import { bulkModeAvailable, enterBulkMode } from './bulk-mode';
import { buildDeferredIndexes, deferIndexes, deferredIndexCount } from './deferred-indexes';
import { assertNoIdClash, KEPT_IDS, sourceCeilings } from './id-ranges';
import { DELETIONS, deletedRows } from './deletions';
import { placeUndated } from './undated';

export interface ImportOptions {
  from: string;
  zone: Zone;
  dryRun: boolean;
  since: Date | null;
  batchSize?: number;
  /** Tests: stop (as if killed) once this many batches were committed. */
  stopAfterBatches?: number;
  /** The target is the embedded database: an index build sorts in this process's memory, so in less of it. */
  embedded?: boolean;
  /** Drops the stored bytes of a copied file that was deleted on the old site (the command gives the storage's). */
  dropStored?: (name: string) => Promise<void>;
}

export interface TableResult {
  table: string;
  read: number;
  written: number;
  refused: number;
  skipped: number;
  adjusted: number;
  /** Rows deleted on the old site since the last pass, handled here as this site deletes (`deletions.ts`). */
  deleted: number;
  /** Of `read`, the rows an earlier run of this pass read (it was stopped): every count is the pass's, both runs'. */
  earlier: number;
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
/** What one index build may sort in, in MB: PostgreSQL's memory, or this process's when the database is embedded. */
const INDEX_BUILD_MB = { server: 256, embedded: 64 };
const emptyCounts = (table: string): TableResult => ({ table, read: 0, written: 0, refused: 0, skipped: 0, adjusted: 0, deleted: 0, earlier: 0 });
/** What the runs of a pass before this one counted (nothing when the pass starts here). */
const countsSoFar = (table: string, row: ImportProgressRow | null): TableResult =>
  row ? { table, read: row.rowsRead, written: row.rowsWritten, refused: row.rowsRefused, skipped: row.rowsSkipped, adjusted: row.rowsAdjusted, deleted: row.rowsDeleted, earlier: row.rowsRead } : emptyCounts(table);

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
  const batchSize = opts.batchSize ?? 5_000;
  const pass = opts.since ? `since:${opts.since.toISOString()}` : 'full';
  await assertEmptyOrOurs(db, source.id);
  await assertSameZone(db, source.id, opts.zone, !opts.dryRun);
  const hasIntroduction = await source.hasColumn('users', 'introduction');
  const known = knownIds(opts.zone, hasIntroduction);
  if (!opts.dryRun) await known.load(db);
  const stored = await loadProgress(db, source.id);
  // A dry run reads every table from its start, whatever a real run got to.
  const progressRows = opts.dryRun ? new Map<string, ImportProgressRow>() : stored;
  if (opts.since && !opts.dryRun && TABLES.some((t) => !progressRows.get(t.name)?.done)) {
    throw new Error('the first import has not finished: run it again without --since until it completes, then bring later changes with --since');
  }
  // No row above the source's highest ids now is read: ids made meanwhile wait for the next pass.
  const ceilings = await sourceCeilings(source);
  if (opts.since) await assertNoIdClash(db, stored, ceilings);
  const src = opts.dryRun ? null : await sourceRow(db, source.id);
  const bulk = !opts.dryRun && (await bulkModeAvailable(db));
  const times: SinceTimes | null = opts.since ? { wall: wallClockIn(opts.zone, opts.since), utc: opts.since.toISOString().slice(0, 19).replace('T', ' ') } : null;
  progress.note(`reading ${source.id}${hasIntroduction ? ' (with users.introduction)' : ''}: DATETIME values in ${opts.zone.name} (UTC${utcOffsetAt(opts.zone, new Date())} now)${opts.since ? `, changes since ${opts.since.toISOString()} (${times!.wall} there)` : ''}${opts.dryRun ? ', dry run: nothing is written' : ''}`);
  if (!opts.dryRun && !opts.since && stored.size === 0) {
    const n = await deferIndexes(db);
    if (n) progress.note(`first load into an empty database: ${n} secondary indexes are built once the rows are in, not row by row`);
  }
  // A later pass runs on a site that serves: whatever a first load left unbuilt is built first.
  if (opts.since && !opts.dryRun) {
    await buildIndexes(db, opts, progress);
    // Its report lines are looked up by row: planned on the table as it is now.
    await db.execute(sql`analyze import_issues`);
  }

  const result: ImportResult = { source: source.id, tables: [], issues: [], issueCount: 0, refused: 0, stoppedEarly: false };
  let batches = 0;
  for (const table of TABLES) {
    const row = progressRows.get(table.name);
    const resumed = row && row.pass === pass ? row : null;
    if (resumed?.done) {
      // A --since pass, or a first one not completed, that a stopped run read this table to its end
      // for: its counts are this pass's. A finished first import run again reads nothing.
      result.tables.push(opts.since || !src!.completeTime ? countsSoFar(table.name, resumed) : emptyCounts(table.name));
      continue;
    }
    const filter = times && table.since ? table.since(times) : null;
    const after = resumed && !resumed.done ? resumed.lastKey : 0;
    const ceiling = KEPT_IDS.some((k) => k.source === table.name) ? ceilings.get(table.name) : undefined;
    const where = `${table.key} > ?${ceiling === undefined ? '' : ` AND ${table.key} <= ?`}${filter ? ` AND ${filter.where}` : ''}`;
    const params = [after, ...(ceiling === undefined ? [] : [ceiling]), ...(filter?.params ?? [])];
    const selectSql = `SELECT ${table.columns(hasIntroduction)} FROM ${table.name} WHERE ${where} ORDER BY ${table.key}`;
    const total = (resumed?.rowsRead ?? 0) + (await source.count(`SELECT 1 FROM ${table.name} WHERE ${where}`, params));
    const counts = countsSoFar(table.name, resumed);
    progress.start(table.name, total, counts.read);
    const startedAt = Date.now();
    let lastKey = after;
    // Batch n is written while batch n+1 is read and mapped: the database works beside this process.
    let writing: Promise<void> | null = null;
    const write = async (rows: unknown[], raw: Record<string, unknown>[], issues: Issue[], at: { lastKey: number; read: number; refused: number; adjusted: number; skipped: number }) => {
      await writeBatch(table.name, raw, table.key, () => db.transaction(async (tx) => {
        if (bulk) await enterBulkMode(tx);
        const written = await table.write(tx, rows);
        counts.written += written.inserted + written.updated;
        // Only a later pass reads a row again (a first one, resumed or not, reads each row once).
        if (opts.since) await clearIssues(tx, source.id, table.name, raw.map((r) => String(r[table.key])));
        await saveIssues(tx, source.id, issues);
        await saveProgress(tx, { source: source.id, tableName: table.name, pass, lastKey: at.lastKey, rowsRead: at.read, rowsWritten: counts.written, rowsRefused: at.refused, rowsAdjusted: at.adjusted, rowsSkipped: at.skipped, rowsDeleted: 0, done: false, siteFrom: row?.siteFrom ?? null });
      }));
      progress.advance(raw.length);
    };
    for await (const read of source.batches(selectSql, params, batchSize)) {
      const placed = table.place ? await placeUndated(source, table.name, opts.zone, table.place, read) : null;
      const raw = placed?.rows ?? read;
      const { rows, issues, refused, skipped, adjusted } = mapBatch(table, raw, known, placed?.issues);
      lastKey = Number(raw[raw.length - 1]![table.key]);
      counts.read += raw.length;
      counts.refused += refused;
      counts.skipped += skipped;
      counts.adjusted += adjusted;
      keepIssues(result, issues);
      if (writing) await writing;
      if (opts.stopAfterBatches !== undefined && batches >= opts.stopAfterBatches) {
        result.stoppedEarly = true;
        return result;
      }
      if (opts.dryRun) {
        progress.advance(raw.length);
        continue;
      }
      writing = write(rows, raw, issues, { lastKey, read: counts.read, refused: counts.refused, adjusted: counts.adjusted, skipped: counts.skipped });
      // Awaited before the next batch; a failure meanwhile must not count as unhandled.
      writing.catch(() => undefined);
      batches++;
    }
    if (writing) await writing;
    if (opts.stopAfterBatches !== undefined && batches >= opts.stopAfterBatches) {
      result.stoppedEarly = true;
      return result;
    }
    if (opts.since) await findDeletions(db, source, opts, table.name, stored.get(table.name)?.siteFrom ?? null, counts, result, progress);
    if (!opts.dryRun) await saveProgress(db, { source: source.id, tableName: table.name, pass, lastKey, rowsRead: counts.read, rowsWritten: counts.written, rowsRefused: counts.refused, rowsAdjusted: counts.adjusted, rowsSkipped: counts.skipped, rowsDeleted: counts.deleted, done: true, siteFrom: row?.siteFrom ?? null });
    progress.finish(`${counts.read.toLocaleString('en-US')} read, ${counts.written.toLocaleString('en-US')} written, ${counts.adjusted} adjusted, ${counts.skipped} skipped, ${counts.refused} refused${opts.since ? `, ${counts.deleted} deleted on the old site` : ''} (${duration((Date.now() - startedAt) / 1000)})`);
    result.tables.push(counts);
  }
  result.refused = result.tables.reduce((n, t) => n + t.refused, 0);
  if (opts.dryRun) return result;

  const wrote = result.tables.some((t) => t.written > 0 || t.deleted > 0);
  if (wrote || !src!.completeTime) {
    if (!bulk) progress.note('(the database role may not set session_replication_role: rows were written with their triggers, which is slower)');
    await finalizeImport(db, { source: source.id, firstImport: src!.firstStart, ceilings, buildIndexes: () => buildIndexes(db, opts, progress) }, progress);
    const now = new Date();
    if (!src!.completeTime) await db.update(importSources).set({ completeTime: now }).where(eq(importSources.source, source.id));
    // A pass stopped and run again wrote part of its rows in the earlier run: the pass's progress counts both.
    const passRows = [...(await loadProgress(db, source.id)).values()].filter((r) => r.pass === pass);
    await recordImport(db, source.id, {
      at: now.toISOString(),
      since: opts.since?.toISOString() ?? null,
      written: Object.fromEntries(TABLES.map((t) => [t.name, passRows.find((r) => r.tableName === t.name)?.rowsWritten ?? 0])),
      deleted: Object.fromEntries(result.tables.filter((t) => t.deleted > 0).map((t) => [t.table, t.deleted])),
      refused: passRows.reduce((n, r) => n + r.rowsRefused, 0),
    });
  }
  // A --since pass is done; the next one starts afresh.
  if (opts.since) await db.execute(sql`update import_progress set pass = 'full', done = true where source = ${source.id}`);
  return result;
}

/**
 * Every pass reads DATETIME values in the zone the first one read them in: another would move the
 * times of every row it reads again. A real pass records its zone when none was (a first pass, or
 * an import older than the record).
 */
async function assertSameZone(db: Db, source: string, zone: Zone, record: boolean) {
  const [src] = await db.select({ timeZone: importSources.timeZone }).from(importSources).where(eq(importSources.source, source));
  if (src?.timeZone && src.timeZone !== zone.name) {
    throw new Error(`--time-zone ${zone.name}: the first pass of ${source} read its times in ${src.timeZone}; run every pass with --time-zone ${src.timeZone}, or the times read again would move`);
  }
  if (record && !src?.timeZone) {
    await db.insert(importSources).values({ source, timeZone: zone.name }).onConflictDoUpdate({ target: importSources.source, set: { timeZone: zone.name } });
  }
}

async function buildIndexes(db: Db, opts: ImportOptions, progress: Progress) {
  const n = await deferredIndexCount(db);
  if (!n) return;
  progress.note(`building the ${n} secondary indexes left out while the rows were loaded (those taking a second or more are named):`);
  const t = Date.now();
  await buildDeferredIndexes(db, opts.embedded ? INDEX_BUILD_MB.embedded : INDEX_BUILD_MB.server, (name, s) => {
    if (s >= 1) progress.note(`  index ${name} (${s.toFixed(1)} s)`);
  });
  progress.note(`  ${n} indexes built (${((Date.now() - t) / 1000).toFixed(1)} s)`);
}

/**
 * A later pass learns what the old site deleted by comparing ids (`deletions.ts`), below the
 * range where this site's own rows start; each step is handled and reported in one transaction.
 */
async function findDeletions(db: Db, source: Source, opts: ImportOptions, table: string, siteFrom: number | null, counts: TableResult, result: ImportResult, progress: Progress) {
  const plan = DELETIONS.find((d) => d.source === table);
  if (!plan) return;
  if (siteFrom === null) {
    progress.note(`${table}: no id range recorded by the last pass (an import older than the range bookkeeping): deletions are not looked for`);
    return;
  }
  const at = new Date();
  for await (const step of deletedRows(db, source, plan, siteFrom)) {
    counts.deleted += step.ids.length;
    keepIssues(result, step.issues);
    if (opts.dryRun) continue;
    const stored = await db.transaction(async (tx) => {
      const names = await plan.apply(tx, step.ids, at);
      await saveIssues(tx, source.id, step.issues);
      return names;
    });
    for (const name of stored) await opts.dropStored?.(name);
  }
}

/** Runs a batch's transaction; a failure is told by table and keys with the database's reason only (`batch-error.ts`). */
async function writeBatch(table: string, raw: Record<string, unknown>[], key: string, transaction: () => Promise<void>) {
  try {
    await transaction();
  } catch (e) {
    throw batchFailure(table, raw[0]?.[key], raw[raw.length - 1]?.[key], e);
  }
}

/** Maps one batch in order; each row is known to the rows after it (a reply quoting an entry of the same batch). */
function mapBatch(table: TablePlan, raw: Record<string, unknown>[], known: ReturnType<typeof knownIds>, placed?: Map<string, Issue[]>) {
  const rows: unknown[] = [];
  const issues: Issue[] = [];
  let refused = 0;
  let skipped = 0;
  let adjusted = 0;
  for (const source of raw) {
    const nul = issuesOf(table.name, String(source[table.key]));
    const r = withoutNul(source, nul);
    const mapped = table.map(r, known.context);
    mapped.issues.unshift(...(placed?.get(String(source[table.key])) ?? []), ...nul.list);
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
