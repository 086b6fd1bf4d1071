/**
 * The ban-list feed under game-server pollers: 1,000 tools each polling `GET /api/feed/cases`
 * every 2 s (with their ETag, as docs/integrations.md shows), idle and while cases change, against
 * a bare `node:http` server answering the same polls in the same run. The server (Tribunal or the
 * bare one) runs in this process, the pollers in a child process; each phase reports what the
 * pollers saw (answers a second, latency) and this process's CPU time per poll.
 *
 *   npm run bench:feed -- [--pollers 1000] [--every 2] [--seconds 10] [--changes 5]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 npm run bench:feed
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { writeResults } from './results';

const { values } = parseArgs({
  options: {
    role: { type: 'string', default: 'main' },
    url: { type: 'string' },
    pollers: { type: 'string', default: '1000' },
    every: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '10' },
    changes: { type: 'string', default: '5' },
    since: { type: 'string', default: '0' },
    etag: { type: 'string', default: 'true' },
  },
});
const POLLERS = Number(values.pollers);
const EVERY_MS = Number(values.every) * 1000;
const SECONDS = Number(values.seconds);

interface PollStats {
  polls: number;
  byStatus: Record<string, number>;
  p50: number;
  p99: number;
  perSecond: number;
}

const quantile = (xs: number[], q: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]! : 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The child: POLLERS tools, each from its own address (X-Forwarded-For), polling every EVERY_MS with its cursor and ETag. */
async function pollers(): Promise<void> {
  const url = values.url!;
  const useEtag = values.etag === 'true';
  const end = performance.now() + SECONDS * 1000;
  const latencies: number[] = [];
  const byStatus: Record<string, number> = {};
  const one = async (i: number) => {
    const address = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    let cursor = values.since!;
    let etag: string | null = null;
    await sleep(Math.random() * EVERY_MS);
    while (performance.now() < end) {
      const started = performance.now();
      for (let more = true; more; ) {
        const t = performance.now();
        const res: Response = await fetch(`${url}/api/feed/cases?status=1&since=${cursor}`, { headers: { 'x-forwarded-for': address, ...(useEtag && etag ? { 'if-none-match': etag } : {}) } });
        const body = res.status === 200 ? ((await res.json()) as { data?: { cursor: string; more: boolean } }) : (await res.arrayBuffer(), null);
        latencies.push(performance.now() - t);
        byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
        if (body?.data) {
          etag = res.headers.get('etag');
          cursor = body.data.cursor;
        }
        more = !!body?.data?.more;
      }
      await sleep(EVERY_MS - (performance.now() - started));
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: POLLERS }, (_, i) => one(i)));
  const stats: PollStats = { polls: latencies.length, byStatus, p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), perSecond: latencies.length / ((performance.now() - began) / 1000) };
  process.stdout.write(`${JSON.stringify(stats)}\n`);
}

/** Runs the pollers against `url` for one phase; returns what they saw and this process's CPU per poll. */
function phase(url: string, since: number, etag = true, seconds = SECONDS): Promise<PollStats & { cpuMsPerPoll: number }> {
  return new Promise((resolve, reject) => {
    const cpu = process.cpuUsage();
    const args = ['tsx', 'bench/feed.ts', '--role', 'pollers', '--url', url, '--pollers', String(POLLERS), '--every', String(values.every), '--seconds', String(seconds), '--since', String(since), '--etag', String(etag)];
    const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`pollers exited with ${code}`));
      const used = process.cpuUsage(cpu);
      const stats = JSON.parse(out.trim().split('\n').pop()!) as PollStats;
      resolve({ ...stats, cpuMsPerPoll: (used.user + used.system) / 1000 / stats.polls });
    });
  });
}

async function main() {
  const { loadConfig } = await import('@server/config');
  const { startServer } = await import('@server/server');
  const { users } = await import('@server/db/schema');
  const { toAuthedUser } = await import('@server/core/authed-user');
  const { fileReport } = await import('@server/modules/reports/report');
  const { judgeCase } = await import('@server/modules/judgement/judge');
  const { lastSeqOf } = await import('@server/db/outbox');
  const { roomOf } = await import('@shared/socket');

  const pg = process.env.DATABASE_URL ? (await import('pg')).default : null;
  const dbName = 'tribunal_bench_feed';
  let dbUrl: string | undefined;
  if (pg) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    dbUrl = Object.assign(new URL(process.env.DATABASE_URL!), { pathname: `/${dbName}` }).toString();
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-bench-feed-'));
  const mode = pg ? `PostgreSQL${process.env.REDIS_URL ? ' + Redis' : ''}` : 'embedded (PGlite)';

  const bare = http.createServer((_req, res) => {
    const body = '{"success":1,"code":"feed.ok","data":{"items":[],"cursor":"0","more":false}}';
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

  const env: Record<string, string> = { SECRET: crypto.randomBytes(24).toString('hex'), HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', SERVE_CLIENT: 'false', DATA_DIR: dataDir };
  if (dbUrl) env.DATABASE_URL = dbUrl;
  if (process.env.REDIS_URL) Object.assign(env, { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `bench-feed-${process.pid}:` });
  const server = await startServer(loadConfig(env));
  const { services } = server;
  const siteUrl = server.url.replace('localhost', '127.0.0.1');

  // Cases to change: reported by one account, judged by a super admin.
  const [reporterRow, judgeRow] = await services.db
    .insert(users)
    .values([
      { username: 'bench-feed-reporter', passwordHash: 'x', privileges: ['normal'] },
      { username: 'bench-feed-judge', passwordHash: 'x', privileges: ['super'] },
    ])
    .returning();
  const authed = (row: typeof reporterRow) => toAuthedUser(row!, { userId: row!.id, username: row!.username, userAvatar: '', privilege: row!.privileges, signWhen: Date.now(), visitType: 'websites', expiresIn: 3_600_000 });
  const reporter = authed(reporterRow);
  const judge = authed(judgeRow);
  const caseIds: number[] = [];
  for (let n = 1; n <= 40; n++) {
    const filed = await fileReport(
      services,
      reporter,
      { userId: `${910_000_000 + n}`, personaId: `${810_000_000 + n}`, username: `FeedSuspect${n}`, avatar: null },
      { game: 'bf1', cheatMethods: ['aimbot'], videoLink: '', description: `<p>Report ${n}: ${crypto.randomUUID()}</p>` } as never,
      'report',
    );
    caseIds.push(filed.dbId);
  }
  const head = () => lastSeqOf(services.db, roomOf.caseFeed);
  // Database calls of the site during each phase (drizzle's entry points; a transaction counts once).
  let dbCalls = 0;
  const db = services.db as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const method of ['select', 'execute', 'transaction', 'insert', 'update', 'delete']) {
    const original = db[method]!.bind(services.db);
    db[method] = (...args: unknown[]) => {
      dbCalls++;
      return original(...args);
    };
  }

  /** Judges cases in turn (confirm, then clear) `changes` times a second while `running`. */
  const changesPerSecond = Number(values.changes);
  let changed = 0;
  const writer = (running: () => boolean) =>
    (async () => {
      for (let i = 0; running(); i++) {
        const t = performance.now();
        const toPlayerId = caseIds[i % caseIds.length]!;
        const action = Math.floor(i / caseIds.length) % 2 ? 'innocent' : 'kill';
        await judgeCase(services, judge, { toPlayerId, action, content: `<p>${crypto.randomUUID()} ${crypto.randomUUID()}</p>`, ...(action === 'kill' ? { cheatMethods: ['aimbot'] } : {}) } as never);
        changed++;
        await sleep(1000 / changesPerSecond - (performance.now() - t));
      }
    })();

  const loadAtStart = os.loadavg()[0]!.toFixed(1);
  console.log(`\n${POLLERS} pollers every ${values.every} s, ${SECONDS} s a phase; Tribunal ${mode}\n`);
  const rows: Array<[string, Awaited<ReturnType<typeof phase>>]> = [];
  const calls: number[] = [];
  const run = async (name: string, p: Promise<Awaited<ReturnType<typeof phase>>>) => {
    const before = dbCalls;
    const r = await p;
    rows.push([name, r]);
    calls.push(dbCalls - before);
    console.log(`${name.padEnd(44)} ${r.perSecond.toFixed(0).padStart(6)}/s  p50 ${r.p50.toFixed(2).padStart(7)} ms  p99 ${r.p99.toFixed(2).padStart(7)} ms  cpu ${(r.cpuMsPerPoll * 1000).toFixed(0).padStart(5)} µs/poll  ${JSON.stringify(r.byStatus)}`);
  };
  // Each server's first second of a thousand new connections and cold code paths is not measured.
  await phase(bareUrl, 0, true, 3);
  await phase(siteUrl, await head(), true, 3);
  await run('bare node:http (same polls)', phase(bareUrl, 0));
  await run('feed, idle, with ETag (304s)', phase(siteUrl, await head()));
  await run('feed, idle, without ETag (kept answers)', phase(siteUrl, await head(), false));
  let writing = true;
  const from = await head();
  const writes = writer(() => writing);
  await run(`feed, ${changesPerSecond} changes/s, with ETag`, phase(siteUrl, from));
  writing = false;
  await writes;

  const [, baseline] = rows[0]!;
  const table = [
    `${POLLERS} pollers each polling every ${values.every} s (\`status=1\`, their cursor, their ETag), ${SECONDS} s a phase, against one Tribunal node, ${mode}; the bare \`node:http\` server answers the same polls in the same run. \`cpu/poll\`: the server process's CPU time per answered poll. \`npm run bench:feed\`, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, load average ${loadAtStart} at the start (a shared machine: latencies move with its load, CPU per poll much less).`,
    '',
    '| phase | polls/s | p50 | p99 | cpu/poll | cpu vs bare | p50 vs bare | database calls | answers |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      ([name, r], i) =>
        `| ${name} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(2)} ms | ${r.p99.toFixed(2)} ms | ${(r.cpuMsPerPoll * 1000).toFixed(0)} µs | ${(r.cpuMsPerPoll / baseline.cpuMsPerPoll).toFixed(2)}× | ${(r.p50 / baseline.p50).toFixed(2)}× | ${i === 0 ? '–' : calls[i]} | ${Object.entries(r.byStatus)
          .map(([s, n]) => `${s}: ${n}`)
          .join(', ')} |`,
    ),
    '',
    `During the last phase ${changed} cases changed status (confirmed, then cleared, in turn). \`database calls\`: the site's statements and transactions during the phase, the writer's and the relay's included (the relay looks every 2 s; the kept head lives 5 s).`,
  ].join('\n');
  writeResults(pg ? 'feed-postgres' : 'feed-embedded', `## Ban-list feed: ${POLLERS.toLocaleString('en-US')} pollers (${mode})\n\n${table}`);
  console.log(`\n${table}\n`);

  await server.close();
  bare.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (pg) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}

if (values.role === 'pollers') await pollers();
else await main();
