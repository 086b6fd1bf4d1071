/**
 * Write-path benchmark: do reports on different cases run in parallel?
 *
 * Every report also tells the whole site (`all` room: activity, open-case count). Before the relay,
 * that event took the `all` room's sequence row lock inside the writer's transaction and held it
 * until commit, so all reports of the site were serialised. Now site-wide events are numbered after
 * commit. The baseline is the old way, measured in the same run, by the same code: the site-wide
 * rooms are numbered in the writer (`SITE_WIDE_ROOMS` emptied).
 *
 * The database usually sits on another host: `--db-latency` (ms each way, default 0.5) puts a
 * delaying TCP relay between the server and PostgreSQL, so a lock held across statements costs
 * what it costs in production. `--db-latency 0` measures the loopback case.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/parallel-reports.ts [--parallel 20] [--rounds 15] [--db-latency 0.5]
 */
import crypto from 'node:crypto';
import net from 'node:net';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '@server/config';
import { startServer } from '@server/server';
import { users } from '@server/db/schema';
import { toAuthedUser } from '@server/core/authed-user';
import { fileReport } from '@server/modules/reports/report';
import { SITE_WIDE_ROOMS } from '@server/db/outbox';

const { values } = parseArgs({ options: { parallel: { type: 'string', default: '20' }, rounds: { type: 'string', default: '15' }, 'db-latency': { type: 'string', default: '0.5' } } });
const LATENCY_MS = Number(values['db-latency']);
const PARALLEL = Number(values.parallel);
const ROUNDS = Number(values.rounds);
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('set DATABASE_URL to a PostgreSQL server (the bench creates its own database there)');

const dbName = 'tribunal_bench_writes';
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${dbName}`);

/** A TCP relay to PostgreSQL that delays every chunk by LATENCY_MS in each direction (order is kept). */
async function delayingRelay(target: URL): Promise<{ url: string; close(): void }> {
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pipe = (from: net.Socket, to: net.Socket) => {
      from.on('data', (chunk) => setTimeout(() => to.write(chunk), LATENCY_MS));
      from.on('close', () => setTimeout(() => to.destroy(), LATENCY_MS));
      from.on('error', () => to.destroy());
    };
    pipe(client, upstream);
    pipe(upstream, client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.host = `127.0.0.1:${(relay.address() as net.AddressInfo).port}`;
  return { url: url.toString(), close: () => relay.close() };
}
const relay = LATENCY_MS > 0 ? await delayingRelay(new URL(dbUrl)) : { url: dbUrl, close: () => undefined };

const server = await startServer(
  loadConfig({ DATABASE_URL: relay.url, SECRET: crypto.randomBytes(24).toString('hex'), HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', SERVE_CLIENT: 'false', DATA_DIR: '/tmp/tribunal-bench-writes' }),
);
const { services } = server;
// One reporter per parallel slot: reports by different people on different cases share no row.
const reporters = (
  await services.db
    .insert(users)
    .values(Array.from({ length: PARALLEL }, (_, i) => ({ username: `bench-reporter-${i}`, passwordHash: 'x', privileges: ['normal'] })))
    .returning()
).map((row) => toAuthedUser(row, { userId: row.id, username: row.username, userAvatar: '', privilege: row.privileges, signWhen: Date.now(), visitType: 'websites', expiresIn: 3_600_000 }));

const siteWide = SITE_WIDE_ROOMS as Set<string>;
const deferred = [...siteWide];
let accounts = 0;
/** One round: `PARALLEL` reports at once, each on a case of its own. Returns each report's latency. */
async function round(): Promise<{ wall: number; latencies: number[] }> {
  const started = performance.now();
  const latencies = await Promise.all(
    reporters.map(async (reporter) => {
      const n = ++accounts;
      const t = performance.now();
      await fileReport(
        services,
        reporter,
        { userId: `${900_000_000 + n}`, personaId: `${800_000_000 + n}`, username: `BenchSuspect${n}`, avatar: null },
        { game: 'bf1', cheatMethods: ['aimbot'], videoLink: '', description: `<p>Report ${n}: snaps to heads through smoke, every round, on every map.</p>` } as never,
        'report',
      );
      return performance.now() - t;
    }),
  );
  return { wall: performance.now() - started, latencies };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;
const results = { relay: { walls: [] as number[], lat: [] as number[] }, lock: { walls: [] as number[], lat: [] as number[] } };

// Warm-up, then alternate the two ways so drift of the machine falls on both.
await round();
for (let i = 0; i < ROUNDS; i++) {
  for (const way of i % 2 ? (['lock', 'relay'] as const) : (['relay', 'lock'] as const)) {
    if (way === 'lock') siteWide.clear();
    else for (const room of deferred) siteWide.add(room);
    const { wall, latencies } = await round();
    results[way].walls.push(wall);
    results[way].lat.push(...latencies);
  }
  await server.realtime.settled();
}
for (const room of deferred) siteWide.add(room);

const row2 = (name: string, r: { walls: number[]; lat: number[] }) =>
  `${name.padEnd(34)} ${median(r.walls).toFixed(1).padStart(8)} ms ${((PARALLEL * 1000) / median(r.walls)).toFixed(0).padStart(8)}/s ${median(r.lat).toFixed(1).padStart(8)} ms ${p95(r.lat).toFixed(1).padStart(8)} ms`;
console.log(`\n${PARALLEL} parallel reports on different cases, ${ROUNDS} rounds each way (pool of 10 connections, database ${LATENCY_MS} ms away each way)\n`);
console.log(`${'way'.padEnd(34)} ${'round'.padStart(11)} ${'reports'.padStart(10)} ${'p50'.padStart(11)} ${'p95'.padStart(11)}`);
console.log(row2('site-wide seq under writer lock', results.lock));
console.log(row2('site-wide seq after commit (relay)', results.relay));
console.log(`\nratio (lock / relay): round time ${(median(results.lock.walls) / median(results.relay.walls)).toFixed(2)}x, p50 latency ${(median(results.lock.lat) / median(results.relay.lat)).toFixed(2)}x, p95 ${(p95(results.lock.lat) / p95(results.relay.lat)).toFixed(2)}x`);

await server.close();
relay.close();
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.end();
