/**
 * A node's start and its resident memory, as a site runs it (`npm start`: the server bundle with
 * plain node and the flags of deploy/node-args.json): the time from spawning the process to its
 * port accepting connections and to its first answered request, and its RSS once started (2 s
 * idle), at its peak under a short read load, and 5 s after it. Embedded (PGlite on disk,
 * in-process realtime) always; PostgreSQL + Redis when DATABASE_URL and REDIS_URL are set. Each
 * mode starts once on a new data directory or database (migrations, demo data), then restarts on it.
 *
 *   npm run bench:start -- [--restarts 3] [--seconds 10] [--connections 20] [--variants built,plain,sources] [--node-options '--max-old-space-size=…']
 *
 * Variants: `built` (what a site runs), `plain` (the bundle without the deployment's flags),
 * `sources` (the deployment's flags, the sources through tsx: what `npm start` ran before).
 * `--node-options` gives every node those NODE_OPTIONS (a heap ceiling to try, docs/operations.md#memory);
 * such a run writes a section of its own in bench/RESULTS.md.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import nodeArgs from '../deploy/node-args.json';
import { adminQuery, databaseUrlFor, quoteIdent } from '@server/test/pg-admin';
import { readRssMb } from './live/hosts';
import { writeResults } from './results';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    restarts: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    variants: { type: 'string', default: 'built' },
    'node-options': { type: 'string', default: '' },
  },
});
const RESTARTS = Number(values.restarts);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const NODE_OPTIONS = values['node-options'];
const PORT = 18_181;

type Variant = 'built' | 'plain' | 'sources';
const VARIANTS = values.variants.split(',') as Variant[];
const LAUNCH: Record<Variant, { args: string[]; what: string }> = {
  built: { args: [...nodeArgs, 'bin/tribunal.js'], what: `node ${[...nodeArgs, 'bin/tribunal.js'].join(' ')}` },
  plain: { args: ['bin/tribunal.js'], what: 'node bin/tribunal.js' },
  sources: { args: [...nodeArgs, '--import', 'tsx', 'server/main.ts'], what: `node ${nodeArgs.join(' ')} --import tsx server/main.ts` },
};
for (const v of VARIANTS) if (!LAUNCH[v]) throw new Error(`--variants: built, plain or sources, not ${v}`);

interface Figures {
  listeningMs: number;
  firstAnswerMs: number;
  rssStartMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
  requestsPerSecond: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Resolves once something accepts connections on the port. */
async function untilListening(child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the node exited with ${child.exitCode} before it listened`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(PORT, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(5);
  }
}

/** What the site's home page reads: the statistics, the newest activity, a list of cases, a case's timeline. */
function readLoad(cases: number): autocannon.Request[] {
  const pick = (n: number) => 1 + Math.floor(Math.random() * n);
  const address = () => `10.${pick(250)}.${pick(250)}.${pick(250)}`;
  const get = (p: () => string): autocannon.Request => ({ method: 'GET', setupRequest: (req) => ({ ...req, path: p(), headers: { ...req.headers, 'x-forwarded-for': address(), accept: 'application/json', 'accept-encoding': 'gzip, br' } }) });
  return [
    get(() => '/api/statistics?reports=1&players=1&confirmed=1&registers=1'),
    get(() => '/api/activities?limit=50'),
    get(() => `/api/players?game=all&sortBy=updateTime&skip=${(pick(3) - 1) * 20}&limit=20&order=desc`),
    get(() => `/api/player/timeline?dbId=${pick(cases)}&limit=20`),
  ];
}

/** One start: spawn, time it, sample its memory, load it, stop it. */
async function oneStart(variant: Variant, env: Record<string, string>): Promise<Figures> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'REDIS_URL', 'NODE_OPTIONS'].includes(k)));
  const started = performance.now();
  const child = spawn(process.execPath, LAUNCH[variant].args, {
    cwd: root,
    env: { ...clean, ...(NODE_OPTIONS ? { NODE_OPTIONS } : {}), NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(PORT), LOG_LEVEL: 'warn', SEED_DEMO: 'true', DEMO_PASSWORD: 'bench-demo-password', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // It says so once the demo data is in (a first start seeds it after it listens).
  let out = '';
  const running = new Promise<void>((resolve) => child.stdout!.on('data', (c: Buffer) => /Tribunal is running/.test((out += c.toString())) && resolve()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await untilListening(child);
    const listeningMs = performance.now() - started;
    let res: Response | null = null;
    while (!res?.ok) res = await fetch(`http://127.0.0.1:${PORT}/api/statistics?reports=1&players=1`).catch(() => null);
    const firstAnswerMs = performance.now() - started;
    await running;
    const stats = (await (await fetch(`http://127.0.0.1:${PORT}/api/statistics?players=1`)).json()) as { data: { players: number } };
    // A new site's cases are numbered from 1.
    const cases = stats.data.players;
    await sleep(2_000);
    const rssStartMb = readRssMb(child.pid!);
    let rssPeakMb = rssStartMb;
    const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, readRssMb(child.pid!))), 100);
    const result = await autocannon({ url: `http://127.0.0.1:${PORT}`, connections: CONNECTIONS, duration: SECONDS, requests: readLoad(cases) });
    clearInterval(sampler);
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`the load got ${result.non2xx} answers other than 2xx and ${result.errors} errors`);
    await sleep(5_000);
    return { listeningMs, firstAnswerMs, rssStartMb, rssPeakMb, rssAfterMb: readRssMb(child.pid!), requestsPerSecond: result.requests.average };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** A new site for a mode: its environment, the number of demo cases, and how to remove it. */
async function newSite(mode: 'embedded' | 'postgres'): Promise<{ env: Record<string, string>; remove(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-bench-start-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, SECRET: crypto.randomBytes(24).toString('hex') };
  if (mode === 'embedded') return { env, remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  const adminUrl = process.env.DATABASE_URL!;
  const dbName = `tribunal_bench_start_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${quoteIdent(dbName)}`);
  Object.assign(env, { DATABASE_URL: databaseUrlFor(adminUrl, dbName), REDIS_URL: process.env.REDIS_URL!, REDIS_PREFIX: `benchstart${crypto.randomBytes(3).toString('hex')}:` });
  return {
    env,
    async remove() {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(dbName)} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: root, stdio: 'inherit' });
const modes: Array<'embedded' | 'postgres'> = ['embedded'];
if (process.env.DATABASE_URL && process.env.REDIS_URL) modes.push('postgres');
else console.log('PostgreSQL + Redis left out: set DATABASE_URL and REDIS_URL');

const mb = (x: number) => `${Math.round(x)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const rows: string[] = [];
for (const mode of modes) {
  for (const variant of VARIANTS) {
    const site = await newSite(mode);
    try {
      const first = await oneStart(variant, site.env);
      const again: Figures[] = [];
      for (let i = 0; i < RESTARTS; i++) again.push(await oneStart(variant, site.env));
      const m = (k: keyof Figures) => median(again.map((f) => f[k]));
      const line = (what: string, f: (k: keyof Figures) => number) =>
        `| ${mode === 'embedded' ? 'embedded (PGlite)' : 'PostgreSQL + Redis'} | ${NODE_OPTIONS ? `NODE_OPTIONS=${NODE_OPTIONS} ` : ''}${LAUNCH[variant].what} | ${what} | ${s(f('listeningMs'))} | ${s(f('firstAnswerMs'))} | ${mb(f('rssStartMb'))} | ${mb(f('rssPeakMb'))} | ${mb(f('rssAfterMb'))} | ${Math.round(f('requestsPerSecond'))} |`;
      rows.push(line('first start (new site)', (k) => first[k]), line(`restart (median of ${RESTARTS})`, m));
      console.log(rows.at(-2));
      console.log(rows.at(-1));
    } finally {
      await site.remove();
    }
  }
}

const load = os.loadavg()[0]!.toFixed(2);
writeResults(
  NODE_OPTIONS ? 'start-node-options' : 'start',
  `### Start and resident memory of one node (\`npm run bench:start${NODE_OPTIONS ? ` -- --node-options '${NODE_OPTIONS}'` : ''}\`)

Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on this machine (${os.cpus().length} cores, shared: load average ${load} at the end). Spawn to the port accepting connections, and to the first answered request (\`/api/statistics\`); RSS 2 s after that, at its peak under ${SECONDS} s of reads (${CONNECTIONS} connections: statistics, activity, case lists, timelines of the demo cases), and 5 s after. \`NODE_ENV=production\` with the demo data; a first start migrates and seeds (embedded: initdb in a process of its own), a restart opens what is there. \`bin/tribunal.js\` is the server bundle (what a site runs); \`--import tsx server/main.ts\`, the sources through tsx, is what \`npm start\` ran before.

| mode | launched as | start | to listening | to first answer | RSS after start | RSS peak under load | RSS after load | reads/s |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}`,
);
