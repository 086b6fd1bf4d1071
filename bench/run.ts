/**
 * Read-path benchmark (targets in bench/read/targets.ts): a synthetic site in PostgreSQL (or PGlite), Tribunal
 * and each baseline in a process of its own, autocannon from this one. Every row is reported as a
 * ratio to the bare `node:http` hello-world measured in the same run, beside its ratio to the
 * Express hello-world, with the issue's target at 1,000,000 cases where it sets one.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- [--cases 100000] [--seconds 10] [--keep]
 *   npm run bench -- --db pglite [--cases 100000]   (embedded: the site in PGlite on disk, no unbatched case-read baseline)
 *   npm run bench -- --keep --rows 'bot replies' [--prof DIR]   (only the rows named, with the two hello-worlds;
 *     printed, not written to RESULTS.md; --prof: Tribunal under `--cpu-prof`, its profile in DIR)
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { execFileSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '@server/db/client';
import { benchUserName, fillDataset } from './dataset';
import { writeResults } from './results';
import { addBenchAccounts, signInAccounts } from './read/accounts';
import { measure } from './read/load';
import { startProcess } from './read/processes';
import { DETAIL_HEADER, detailTable, MAIN_HEADER, mainTable, markdownTable, printTable, rssLine, type RowResult } from './read/report';
import { HOT_CASES, readRows, type Row, type ServerName } from './read/rows';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { cases: { type: 'string', default: '100000' }, seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' }, keep: { type: 'boolean', default: false }, db: { type: 'string', default: 'postgres' }, rows: { type: 'string', default: '' }, prof: { type: 'string', default: '' } } });
const CASES = Number(values.cases);
const USERS = Math.max(1000, Math.round(CASES / 10));
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const EMBEDDED = values.db === 'pglite';
if (!EMBEDDED && values.db !== 'postgres') throw new Error('--db is postgres or pglite');
const adminUrl = process.env.DATABASE_URL;
if (!EMBEDDED && !adminUrl) throw new Error('set DATABASE_URL to a PostgreSQL server (the bench creates its own database there)');
/** Embedded mode: the app's data directory, its PGlite database in `pg/` as the server opens it. */
const DATA_DIR = EMBEDDED ? `/tmp/tribunal-bench-pglite-${CASES}` : '/tmp/tribunal-bench';
const SECRET = 'bench-secret-0123456789abcdef';

const dbName = `tribunal_bench_${CASES}`;
const dbUrl = EMBEDDED ? '' : (() => {
  const u = new URL(adminUrl!);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

type Sql = (text: string) => Promise<{ rows: unknown[] }>;

/** A kept database is reused only when this generator made it (its users carry `benchUserName`s). */
async function isCurrent(sql: Sql) {
  const { rows } = await sql(`SELECT 1 FROM users WHERE username = '${benchUserName(1)}'`);
  return rows.length > 0;
}

async function fill(sql: Sql, what: string) {
  const t = Date.now();
  await fillDataset(sql, CASES, USERS);
  console.log(`generated ${CASES} cases, ${CASES * 5} timeline entries, ${USERS} users ${what} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

/** The same site in PGlite, on disk where the embedded server will open it. */
async function prepareEmbedded() {
  const dir = path.join(DATA_DIR, 'pg');
  const kept = values.keep && fs.existsSync(dir);
  if (!kept) fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const db = await openDatabase({ dataDir: dir });
  try {
    const client = (db.db as unknown as { $client: { exec: (text: string) => Promise<Array<{ rows: unknown[] }>> } }).$client;
    const sql: Sql = async (text) => (await client.exec(text)).at(-1) ?? { rows: [] };
    if (kept && (await isCurrent(sql))) console.log(`reusing ${dir}`);
    else await fill(sql, 'in PGlite');
    await addBenchAccounts(sql);
  } finally {
    await db.close();
  }
}

async function prepareDatabase() {
  const admin = new pg.Client({ connectionString: adminUrl! });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rowCount;
  if (!(exists && values.keep)) {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${dbName}`);
  }
  await admin.end();
  const db = await openDatabase({ databaseUrl: dbUrl, poolSize: 1 }); // creates the schema (migrations)
  await db.close();
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const sql: Sql = (text) => client.query(text);
    if (exists && values.keep && (await isCurrent(sql))) console.log(`reusing ${dbName}`);
    else await fill(sql, '');
    await addBenchAccounts(sql);
  } finally {
    await client.end();
  }
}

/** How one answer to `Accept-Encoding: br, gzip` came (encoding, body bytes), to show what the compressed rows measured. */
function encodingOf(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve(`${res.headers['content-encoding'] ?? 'plain'}, ${bytes} bytes of body`));
      })
      .on('error', reject);
  });
}

/** Production's Node flags, where the deployment keeps them. */
const nodeArgsFile = path.join(root, 'deploy/node-args.json');
const nodeArgs: string[] = fs.existsSync(nodeArgsFile) ? JSON.parse(fs.readFileSync(nodeArgsFile, 'utf8')) : [];

await (EMBEDDED ? prepareEmbedded() : prepareDatabase());
// What a production node runs (bin/tribunal.js runs it): the prebuilt server.
execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' });
const children: ChildProcess[] = [];
const ports: Record<ServerName, number> = { bare: 8181, app: 8182, express: 8183, case: 8184 };
const baseline = async (kind: Exclude<ServerName, 'app'>) => {
  children.push(await startProcess(['--import', 'tsx', 'bench/baseline-server.ts', kind], { PORT: String(ports[kind]), DATABASE_URL: dbUrl }, /baseline \w+ ready/));
  return children.at(-1)!;
};
try {
  const processes: Partial<Record<ServerName, ChildProcess>> = { bare: await baseline('bare'), express: await baseline('express') };
  if (!EMBEDDED) processes.case = await baseline('case');
  processes.app = await startProcess(
    [...nodeArgs, ...(values.prof ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.prof)}`] : []), 'bin/tribunal.js'],
    { PORT: String(ports.app), HOST: '127.0.0.1', DATABASE_URL: dbUrl, SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production', SECRET, DATA_DIR, ...(EMBEDDED ? { REDIS_URL: '' } : {}) },
    /Tribunal is running/,
  );
  children.push(processes.app);
  const appUrl = `http://127.0.0.1:${ports.app}`;
  const { bots, members } = await signInAccounts(appUrl, SECRET);
  const encodings = [
    `a hot case: ${await encodingOf(`${appUrl}/api/player?personaId=${3000000001}`)}`,
    `a hot timeline page: ${await encodingOf(`${appUrl}/api/player/timeline?dbId=1&limit=20`)}`,
  ].join('; ');

  const loadAtStart = os.loadavg()[0]!;
  const chosen = values.rows ? new RegExp(values.rows, 'i') : null;
  const rows = readRows({ cases: CASES, users: USERS, bots, members, embedded: EMBEDDED }).filter((r) => !chosen || r.server === 'bare' || r.server === 'express' || chosen.test(r.name));
  const run = async (row: Row) => {
    process.stdout.write(`${row.name} ... `);
    const m = await measure({ url: `http://127.0.0.1:${ports[row.server]}`, pid: processes[row.server]!.pid! }, CONNECTIONS, SECONDS, row.requests, row.counted);
    console.log(`${m.counted.perSecond.toFixed(0)}/s, p99 ${m.counted.p99.toFixed(1)} ms`);
    return m;
  };
  // The bare hello-world again halfway and at the end: other work on the machine moves every figure,
  // and the ratios' base is the mean of the three (their spread is printed).
  const bareRow = rows.find((r) => r.server === 'bare')!;
  const bareRuns: number[] = [];
  const results: RowResult[] = [];
  for (const [i, row] of rows.entries()) {
    if (i === Math.floor(rows.length / 2)) bareRuns.push((await run(bareRow)).counted.perSecond);
    const m = await run(row);
    if (row === bareRow) bareRuns.unshift(m.counted.perSecond);
    results.push({ row, m });
  }
  bareRuns.push((await run(bareRow)).counted.perSecond);
  const base = bareRuns.reduce((a, b) => a + b, 0) / bareRuns.length;
  const baseLine = `The bare node:http hello-world at the start, halfway and at the end: ${bareRuns.map((r) => r.toFixed(0)).join(' / ')} req/s; every ratio is to their mean, ${base.toFixed(0)}.`;

  const main = mainTable(results, base);
  const detail = detailTable(results);
  const pageLoads = results
    .filter((r) => r.m.byLabel.has('case with its names'))
    .map((r) => `${r.row.name}: ${r.m.byLabel.get('case with its names')!.perSecond.toFixed(0)} page loads/s`);
  const heading = `${CASES} cases, ${CONNECTIONS} connections, ${SECONDS} s each (after a 2 s warm-up)`;
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), load average ${loadAtStart.toFixed(2)} at the start and ${os.loadavg()[0]!.toFixed(2)} at the end`;
  console.log(`\n${heading}; ${machine}\n`);
  printTable(MAIN_HEADER, main);
  console.log('');
  printTable(DETAIL_HEADER, detail);
  console.log(`\n${baseLine}\n${rssLine(results)}\n${pageLoads.join('\n')}\nanswers to Accept-Encoding: br, gzip: ${encodings}`);

  // A size other than the default keeps a section of its own, so the 100,000-case figures stay beside it.
  if (!chosen) writeResults(
    `read${EMBEDDED ? '-embedded' : ''}${CASES === 100_000 ? '' : `-${CASES}`}`,
    [
      `### Read path${EMBEDDED ? ', embedded (PGlite on disk)' : ''}: ${heading}`,
      '',
      `Measured ${new Date().toISOString().slice(0, 16)} UTC on ${machine}. Each server in a process of its own: a bare \`node:http\` hello-world (the most one Node process answers: every ratio's base, "÷ node:http"), the same hello-world through Express ("÷ Express"), ${EMBEDDED ? '' : 'the case read done the plain way (`node:http`, one pg query per request through a pool of 10, no coalescing, no cache), '}and Tribunal as production runs it. req/s and latencies count 2xx and non-2xx answers alike (errors: non-2xx answers and connection errors); RSS = the serving process's peak resident memory during the row's run; CPU = that process's CPU time (all its threads) per answer${EMBEDDED ? ' (the database runs inside it)' : ", and PostgreSQL's beside it (every PostgreSQL process of the machine: the statements, and the writes of its log and pages)"}, which moves much less than requests/s when other work shares the machine; bytes/answer = headers and body as received. Uniform rows pick any of the ${CASES} cases (the read cache rarely holds them: the database path); hot-set rows pick among ${HOT_CASES} cases or 300 queries (what a live site mostly serves: the read cache). Targets are set for 1,000,000 cases; at other sizes they are shown for comparison.`,
      '',
      `The case page is what the web client asks on opening a case as a visitor, one page after another per connection: the case with its names (\`history=true\`, past the browser's cache), the view count (POST), the timeline's first page; with a browser's Accept-Encoding; its req/s (and ratio) counts each of the three requests. Signed-in rows send the token of one of 100 member accounts (signed in through the API). In the write mix each request is, with a chance of 5 %, a reply by one of 50 bot accounts (SKIP_CAPTCHA), else a visitor's read of the case or of its timeline's first page (half each), all on the hot set: its row counts the reads only; the replies are in the second table.`,
      '',
      ...markdownTable(MAIN_HEADER, main),
      '',
      ...markdownTable(DETAIL_HEADER, detail),
      '',
      `${baseLine} ${rssLine(results)} ${pageLoads.join('; ')}. Answers to \`Accept-Encoding: br, gzip\` (below 1 kB they go plain): ${encodings}.`,
    ].join('\n'),
  );
  if (!chosen) console.log('\nwritten to bench/RESULTS.md');
} finally {
  for (const child of children) child.kill('SIGTERM');
}
