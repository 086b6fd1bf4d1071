import { and, eq, sql } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import type { Db, DbOrTx } from '@server/db/client';
import { importProgress, type ImportProgressRow } from '@server/db/schema';
import type { Source } from './source';

/** The source's tables whose ids are kept here, and the table each lands in. */
export const KEPT_IDS: ReadonlyArray<{ source: string; target: string }> = [
  { source: 'players', target: 'players' },
  { source: 'name_logs', target: 'name_history' },
  { source: 'users', target: 'users' },
  { source: 'comments', target: 'timeline' },
  { source: 'messages', target: 'messages' },
  { source: 'storage_items', target: 'files' },
  { source: 'operation_log', target: 'admin_log' },
];

const fmt = (n: number) => n.toLocaleString('en-US');

/** The highest id of each kept table of the source now: a pass reads no row above it (rows made meanwhile wait for the next pass). */
export async function sourceCeilings(source: Source): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const { source: table } of KEPT_IDS) {
    const [row] = await source.query<{ m: string | number | null }>(`SELECT MAX(id) AS m FROM ${table}`, []);
    out.set(table, Number(row?.m ?? 0));
  }
  return out;
}

interface SiteRows {
  table: string;
  siteFrom: number;
  /** The lowest id and the number of rows this site made itself (at or above `siteFrom`). */
  lowest: number | null;
  count: number;
}

async function siteRows(db: DbOrTx, target: string, siteFrom: number): Promise<Pick<SiteRows, 'lowest' | 'count'>> {
  const { rows } = (await db.execute(sql.raw(`select min(id) as lowest, count(*)::int as n from ${target} where id >= ${siteFrom}`))) as unknown as {
    rows: Array<{ lowest: number | string | null; n: number }>;
  };
  const r = rows[0]!;
  return { lowest: r.lowest === null ? null : Number(r.lowest), count: Number(r.n) };
}

/**
 * Before a later pass writes anything: refused when the old site's ids have reached rows this
 * site made itself since the last pass (the old site's next comment would overwrite this site's
 * own). The margin the last pass left (`reserveIds`) makes that rare: it takes more new rows on
 * the old site between two passes than the margin holds.
 */
export async function assertNoIdClash(db: Db, progress: ReadonlyMap<string, ImportProgressRow>, ceilings: ReadonlyMap<string, number>) {
  const clashes: string[] = [];
  for (const { source, target } of KEPT_IDS) {
    const siteFrom = progress.get(source)?.siteFrom;
    if (siteFrom === null || siteFrom === undefined) continue;
    const ceiling = ceilings.get(source) ?? 0;
    if (ceiling < siteFrom) continue;
    const mine = await siteRows(db, target, siteFrom);
    if (mine.lowest !== null && ceiling >= mine.lowest) {
      clashes.push(`${source}: the old site's ids reach ${fmt(ceiling)}, and this site made ${fmt(mine.count)} ${target} rows of its own from id ${fmt(mine.lowest)} on`);
    }
  }
  if (clashes.length) {
    throw new Error(
      `the old site's new rows would take the ids of rows this site created since the last pass:\n  ${clashes.join('\n  ')}\n` +
        'nothing was written. Restore the backup of this database taken after the last pass (before the site was used) and run the pass again, ' +
        'or start over into an empty database; see docs/operations.md, "Migrating from BFBAN".',
    );
  }
}

const headroom = (ceiling: number) => Math.max(LIMITS.importIdHeadroomMin, Math.ceil(ceiling * LIMITS.importIdHeadroomShare));

/**
 * After a pass: each kept table's sequence starts this site's own rows a margin above the
 * source's ids, so that the rows the old site adds before the next pass keep their ids. Where this
 * site already made rows of its own (from the last `siteFrom` on), the range stays as it was and
 * the sequence only moves forward; it never goes back.
 */
export async function reserveIds(db: Db, source: string, ceilings: ReadonlyMap<string, number>) {
  for (const { source: table, target } of KEPT_IDS) {
    const [row] = await db.select().from(importProgress).where(and(eq(importProgress.source, source), eq(importProgress.tableName, table)));
    if (!row) continue;
    const { rows } = (await db.execute(sql.raw(`select coalesce(max(id), 0) as m, (select last_value from ${target}_id_seq) as seq from ${target}`))) as unknown as {
      rows: Array<{ m: number | string; seq: number | string }>;
    };
    const hereMax = Number(rows[0]!.m);
    const seq = Number(rows[0]!.seq);
    const mine = row.siteFrom === null ? { lowest: null, count: 0 } : await siteRows(db, target, row.siteFrom);
    let siteFrom: number;
    if (mine.lowest !== null) siteFrom = row.siteFrom!;
    else {
      const ceiling = Math.max(ceilings.get(table) ?? 0, hereMax);
      siteFrom = Math.max(row.siteFrom ?? 0, ceiling + headroom(ceiling) + 1);
    }
    const next = Math.max(siteFrom - 1, hereMax, seq);
    if (next !== seq) await db.execute(sql.raw(`select setval('${target}_id_seq', ${next}, true)`));
    if (siteFrom !== row.siteFrom) await db.update(importProgress).set({ siteFrom }).where(and(eq(importProgress.source, source), eq(importProgress.tableName, table)));
  }
}
