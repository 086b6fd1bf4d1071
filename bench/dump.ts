/**
 * The open-data dump at a million cases: seeds cases in PostgreSQL with `generate_series` (a
 * judgement for every second case, an earlier name for every fourth), runs the dump job's
 * `makeDailyDump` at each size, and reports its time and this process's peak memory while it ran
 * (RSS, V8 heap, buffers outside the heap), sampled every 10 ms, over what was held before. The
 * dump streams a page of cases at a time (server/modules/open-data/write-dump.ts): its peaks should
 * not grow with the number of cases.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:dump -- [--sizes 100000,1000000]
 *
 * Seeding is quick because the secondary indexes are left out while the rows go in (the import's
 * `deferIndexes`) and triggers are off (`session_replication_role`); afterwards only the indexes the
 * dump reads are built (a case's judgements by type): the search and list indexes are not.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { writeResults } from './results';

const { values } = parseArgs({ options: { sizes: { type: 'string', default: '100000,1000000' } } });
const SIZES = values.sizes!.split(',').map(Number);
/** The indexes of the loaded tables the dump's statements read (`server/modules/open-data/rows.ts`). */
const DUMP_READS = ['timeline_player_type_idx'];

interface Peak {
  rss: number;
  heapUsed: number;
  external: number;
}

const MB = (n: number) => `${(n / 1048576).toFixed(1)} MB`;

/** This process's memory every 10 ms while `work` runs: the highest of each, and what it was at the start. */
async function measured<T>(work: () => Promise<T>): Promise<{ value: T; base: Peak; peak: Peak; seconds: number; cpuSeconds: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const read = (): Peak => {
    const m = process.memoryUsage();
    return { rss: m.rss, heapUsed: m.heapUsed, external: m.external + m.arrayBuffers };
  };
  const base = read();
  const peak = { ...base };
  const sample = () => {
    const m = read();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
    peak.external = Math.max(peak.external, m.external);
  };
  const timer = setInterval(sample, 10);
  const t = performance.now();
  const cpu = process.cpuUsage();
  try {
    const value = await work();
    sample();
    const used = process.cpuUsage(cpu);
    return { value, base, peak, seconds: (performance.now() - t) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  if (!process.env.DATABASE_URL) {
    console.error('bench:dump seeds a million cases in PostgreSQL: set DATABASE_URL (the embedded database keeps its data in this process, which would be measured with the dump)');
    process.exit(2);
  }
  const pg = (await import('pg')).default;
  const { loadConfig } = await import('@server/config');
  const { createServices } = await import('@server/services');
  const { makeDailyDump } = await import('@server/modules/open-data/produce');
  const { deferIndexes } = await import('@server/import/bfban/deferred-indexes');

  const dbName = 'tribunal_bench_dump';
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const dbUrl = Object.assign(new URL(process.env.DATABASE_URL), { pathname: `/${dbName}` }).toString();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-bench-dump-'));
  const services = await createServices(loadConfig({ SECRET: crypto.randomBytes(24).toString('hex'), LOG_LEVEL: 'warn', SERVE_CLIENT: 'false', DATA_DIR: dataDir, DATABASE_URL: dbUrl }));
  const { db } = services;
  const loadAtStart = os.loadavg()[0]!.toFixed(1);

  await deferIndexes(db);
  const rows: string[] = [];
  let seeded = 0;
  for (const [step, size] of SIZES.entries()) {
    const t = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`insert into players (id, origin_user_id, origin_persona_id, origin_name, games, cheat_methods, status, hacker_level, status_time, create_time, update_time)
        select i, (1000000000 + i)::text, (2000000000 + i)::text, 'Player_' || i,
          case i % 3 when 0 then '["bf1"]'::jsonb when 1 then '["bfv","bf1"]'::jsonb else '["bf6"]'::jsonb end,
          '["aimbot"]'::jsonb, i % 10, case when i % 10 = 1 then 1 + i % 4 end,
          timestamptz '2024-01-01' + i * interval '1 second', timestamptz '2023-01-01' + i * interval '1 second', timestamptz '2024-01-01' + i * interval '1 second'
        from generate_series(${seeded + 1}::int, ${size}::int) as i`);
      await tx.execute(sql`insert into timeline (type, player_id, to_origin_user_id, to_origin_persona_id, to_origin_name, content, judge_action, create_time)
        select 'judgement', i, (1000000000 + i)::text, (2000000000 + i)::text, 'Player_' || i, '<p>Seen aiming through walls.</p>',
          case i % 4 when 0 then 'kill' else 'suspect' end, timestamptz '2024-01-01' + i * interval '1 second'
        from generate_series(${seeded + 1}::int, ${size}::int) as i where i % 2 = 0`);
      await tx.execute(sql`insert into name_history (player_id, origin_name, name_key, from_time, to_time)
        select i, 'Old_' || i, 'old0' || i, timestamptz '2022-01-01', timestamptz '2023-01-01'
        from generate_series(${seeded + 1}::int, ${size}::int) as i where i % 4 = 0`);
    });
    if (step === 0) for (const name of DUMP_READS) await buildOne(db, name);
    await db.execute(sql`analyze players, timeline, name_history`);
    const seedS = (performance.now() - t) / 1000;
    seeded = size;
    // Each size is its own day's dump (a day keeps one).
    const day = new Date(Date.UTC(2030, 0, 1 + step));
    const { value: dump, base, peak, seconds, cpuSeconds } = await measured(() => makeDailyDump(services, day));
    if (!dump || dump.cases !== size) throw new Error(`the dump of ${size} cases has ${dump?.cases}`);
    const bytes = (kind: string) => dump.files.find((f) => f.kind === kind)!.bytes;
    const line = `| ${size.toLocaleString('en-US')} | ${seconds.toFixed(1)} s | ${cpuSeconds.toFixed(1)} s | ${MB(peak.rss)} (+${MB(peak.rss - base.rss)}) | ${MB(peak.heapUsed)} (+${MB(peak.heapUsed - base.heapUsed)}) | ${MB(peak.external)} (+${MB(peak.external - base.external)}) | ${MB(bytes('ndjson'))} / ${MB(bytes('csv'))} | ${seedS.toFixed(0)} s |`;
    rows.push(line);
    console.log(line);
  }
  const maxRss = process.resourceUsage().maxRSS * 1024;
  const markdown = `## Open-data dump: memory at a million cases

The dump job (\`makeDailyDump\`, server/modules/open-data/) over cases seeded in PostgreSQL (a judgement for every second case, an earlier name for every fourth), each size its own dump; peaks of this process sampled every 10 ms while it ran, with the growth over what it held before in brackets. The time is the wall clock of a shared machine; the CPU time is this process's alone (PostgreSQL's is apart). \`npm run bench:dump\`, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, load average ${loadAtStart} at the start. Highest RSS of the whole run: ${MB(maxRss)}.

| cases | time | this process's CPU | peak RSS | peak V8 heap | peak buffers | gzip NDJSON / CSV | seeding |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
  writeResults('open-data-dump', markdown);
  console.log(`\nhighest RSS of the run: ${MB(maxRss)}; written to bench/RESULTS.md`);
  await services.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const drop = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await drop.connect();
  await drop.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await drop.end();
}

/** Builds one index the import left out, from its saved statement. */
async function buildOne(db: import('@server/db/client').Db, name: string) {
  const { rows } = (await db.execute(sql`select definition from import_deferred_indexes where index_name = ${name}`)) as unknown as { rows: Array<{ definition: string }> };
  if (!rows[0]) throw new Error(`no deferred index ${name}`);
  await db.execute(sql.raw(rows[0].definition));
  await db.execute(sql`delete from import_deferred_indexes where index_name = ${name}`);
}

await main();
