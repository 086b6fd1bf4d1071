/**
 * Read-path benchmark (DESIGN §8): a synthetic site in PostgreSQL, Tribunal and the baselines in
 * their own processes, autocannon from this one. Every figure is reported as a ratio to the plain
 * Express hello-world measured in the same run.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- [--cases 100000] [--seconds 10]
 *   npm run bench -- --db pglite [--cases 100000]   (embedded mode: the site in PGlite on disk, no primary-key baseline)
 */
import { writeResults } from './results';
import fs from 'node:fs';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '@server/db/client';
import { fillDataset, generateDataset } from './dataset';
import nodeArgs from '../deploy/node-args.json';
import { readCpuMs, readRssMb } from './live/hosts';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({ options: { cases: { type: 'string', default: '100000' }, seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' }, keep: { type: 'boolean', default: false }, db: { type: 'string', default: 'postgres' } } });
const CASES = Number(values.cases);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const EMBEDDED = values.db === 'pglite';
if (!EMBEDDED && values.db !== 'postgres') throw new Error('--db is postgres or pglite');
const adminUrl = process.env.DATABASE_URL;
if (!EMBEDDED && !adminUrl) throw new Error('set DATABASE_URL to a PostgreSQL server (the bench creates its own database there)');
/** Embedded mode: the app's data directory, its PGlite database in `pg/` as the server opens it. */
const DATA_DIR = EMBEDDED ? `/tmp/tribunal-bench-pglite-${CASES}` : '/tmp/tribunal-bench';

const dbName = `tribunal_bench_${CASES}`;
const dbUrl = EMBEDDED ? '' : (() => {
  const u = new URL(adminUrl!);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

/** The same site in PGlite, on disk where the embedded server will open it. */
async function prepareEmbedded() {
  const dir = path.join(DATA_DIR, 'pg');
  if (fs.existsSync(dir) && values.keep) return console.log(`reusing ${dir}`);
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const db = await openDatabase({ dataDir: dir });
  const t = Date.now();
  try {
    const client = (db.db as unknown as { $client: { exec: (text: string) => Promise<Array<{ rows: unknown[] }>> } }).$client;
    await fillDataset(async (text) => (await client.exec(text)).at(-1) ?? { rows: [] }, CASES, Math.max(1000, Math.round(CASES / 10)));
  } finally {
    await db.close();
  }
  console.log(`generated ${CASES} cases, ${CASES * 5} timeline entries in PGlite in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

async function prepareDatabase() {
  const admin = new pg.Client({ connectionString: adminUrl! });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rowCount;
  if (exists && values.keep) {
    await admin.end();
    console.log(`reusing ${dbName}`);
    return;
  }
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const db = await openDatabase({ databaseUrl: dbUrl, poolSize: 1 });
  await db.close();
  const t = Date.now();
  await generateDataset(dbUrl, CASES, Math.max(1000, Math.round(CASES / 10)));
  console.log(`generated ${CASES} cases, ${CASES * 5} timeline entries in ${((Date.now() - t) / 1000).toFixed(1)} s`);
}

function start(script: string[], env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, script, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    const timer = setTimeout(() => reject(new Error(`${script.join(' ')} did not start`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (ready.test(chunk.toString())) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.on('exit', (code) => reject(new Error(`${script.join(' ')} exited ${code}`)));
  });
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The serving process's largest resident set during the measured run, MB. */
  rssMb: number;
  /** The serving process's CPU time (all its threads) per request of the measured run, µs. */
  cpuUs: number;
}

async function load(name: string, server: { url: string; pid: number }, paths: () => string): Promise<Result> {
  const { url } = server;
  const run = (duration: number) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      duration,
      // Each request from its own address: the per-IP limits are for people, not for this load.
      requests: [{ setupRequest: (req) => ({ ...req, path: paths(), headers: { ...req.headers, 'x-forwarded-for': `10.${pick(250)}.${pick(250)}.${pick(250)}` } }) }],
    });
  await run(2); // warm-up
  let rssMb = readRssMb(server.pid);
  const sampler = setInterval(() => (rssMb = Math.max(rssMb, readRssMb(server.pid))), 100);
  const cpuBefore = readCpuMs(server.pid);
  let r: Awaited<ReturnType<typeof run>>;
  try {
    r = await run(SECONDS);
  } finally {
    clearInterval(sampler);
  }
  const cpuUs = ((readCpuMs(server.pid) - cpuBefore) * 1000) / Math.max(1, r.requests.total);
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx, rssMb, cpuUs };
}

const pick = (n: number) => 1 + Math.floor(Math.random() * n);

await (EMBEDDED ? prepareEmbedded() : prepareDatabase());
const baseline = await start(['--import', 'tsx', 'bench/baseline-server.ts'], { PORT: '8181', DATABASE_URL: dbUrl }, /baseline ready/);
// What a production node runs (bin/tribunal.js takes it when NODE_ENV=production): the prebuilt server.
execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' });
const app = await start([...nodeArgs, 'bin/tribunal.js'], { PORT: '8182', HOST: '127.0.0.1', DATABASE_URL: dbUrl, SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production', SECRET: 'bench-secret-0123456789abcdef', DATA_DIR, ...(EMBEDDED ? { REDIS_URL: '' } : {}) }, /Tribunal is running/);
try {
  const B = { url: 'http://127.0.0.1:8181', pid: baseline.pid! };
  const A = { url: 'http://127.0.0.1:8182', pid: app.pid! };
  const hot = () => pick(Math.min(1000, CASES));
  const results: Result[] = [];
  results.push(await load('baseline: express hello-world', B, () => '/hello'));
  // In embedded mode the database lives in the app's own process: there is no separate select to compare with.
  if (!EMBEDDED) results.push(await load('baseline: primary-key select', B, () => `/pk?id=${pick(CASES)}`));
  results.push(await load('case read (by personaId)', A, () => `/api/player?personaId=${3000000000 + pick(CASES)}`));
  // What a live site sees: most reads go to the cases being discussed now (served from the read cache).
  results.push(await load('case read (hot set: 1,000 cases)', A, () => `/api/player?personaId=${3000000000 + hot()}`));
  results.push(await load('case list (status, by update time)', A, () => `/api/players?status=${pick(10) - 1}&sortBy=updateTime&skip=${pick(5) * 20}&limit=20`));
  results.push(await load('case list (game filter)', A, () => `/api/players?game=bfv&sortBy=createTime&limit=20`));
  results.push(await load('timeline page', A, () => `/api/player/timeline?dbId=${pick(CASES)}&limit=20`));
  results.push(await load('timeline page (hot set: 1,000 cases)', A, () => `/api/player/timeline?dbId=${hot()}&limit=20`));
  results.push(await load('timeline page (report+reply)', A, () => `/api/player/timeline?dbId=${pick(CASES)}&limit=20&subject=report,reply`));
  results.push(await load('timeline entry position', A, () => `/api/player/timeline/position?id=${pick(CASES * 5)}&limit=20&order=desc`));
  results.push(await load('name search (selective)', A, () => `/api/search?type=player&param=${['sniper_', 'ghost_', 'wallhack_'][pick(3) - 1]}${Math.random().toString(16).slice(2, 6)}`));
  // A live box asks the prefixes people type; many type the same few names.
  results.push(await load('name search (hot set: 300 queries)', A, () => `/api/search?type=player&param=${['sniper_', 'ghost_', 'wallhack_'][pick(3) - 1]}${(pick(100) * 7919).toString(16).slice(0, 3)}`));
  results.push(await load('statistics', A, () => '/api/statistics?reports=1&players=1&confirmed=1&registers=1'));
  results.push(await load('activities', A, () => '/api/activities?limit=50'));
  const base = results[0]!.rps;
  console.log(`\n${CASES} cases, ${CONNECTIONS} connections, ${SECONDS} s each (after a 2 s warm-up)\n`);
  console.log('scenario'.padEnd(40) + 'req/s'.padStart(10) + 'ratio'.padStart(9) + 'p50 ms'.padStart(9) + 'p99 ms'.padStart(9) + 'errors'.padStart(9) + 'RSS MB'.padStart(9) + 'CPU µs'.padStart(9));
  for (const r of results)
    console.log(r.name.padEnd(40) + r.rps.toFixed(0).padStart(10) + (r.rps / base).toFixed(3).padStart(9) + String(r.p50).padStart(9) + String(r.p99).padStart(9) + String(r.errors).padStart(9) + r.rssMb.toFixed(0).padStart(9) + r.cpuUs.toFixed(0).padStart(9));
  // A size other than the default keeps a section of its own, so the 100,000-case figures stay beside it.
  writeResults(
    `read${EMBEDDED ? '-embedded' : ''}${CASES === 100_000 ? '' : `-${CASES}`}`,
    [
      `### Read path${EMBEDDED ? ', embedded (PGlite on disk)' : ''}: ${CASES} cases, ${CONNECTIONS} connections, ${SECONDS} s each`,
      '',
      `Measured ${new Date().toISOString().slice(0, 16)} UTC; ratio = requests/s against the Express hello-world measured in the same run; RSS = the serving process's peak resident memory during the row's run (the baselines' own server for the baseline rows); CPU = that process's CPU time (all its threads) per request of the run${EMBEDDED ? ' (the database runs inside it)' : " (PostgreSQL's own is not counted)"}, which moves much less than requests/s when other work shares the machine. Uniform rows pick any of the ${CASES} cases (the read cache of 5,000 answers rarely holds them: the database path); hot-set rows pick among 1,000 cases or 300 queries (what a live site mostly serves: from the read cache).`,
      '',
      '| scenario | req/s | ratio | p50 ms | p99 ms | errors | server RSS MB | server CPU µs per request |',
      '|---|---|---|---|---|---|---|---|',
      ...results.map((r) => `| ${r.name} | ${r.rps.toFixed(0)} | ${(r.rps / base).toFixed(3)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.rssMb.toFixed(0)} | ${r.cpuUs.toFixed(0)} |`),
    ].join('\n'),
  );
  console.log('\nwritten to bench/RESULTS.md');
} finally {
  app.kill('SIGTERM');
  baseline.kill('SIGTERM');
}
