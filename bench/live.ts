/**
 * Live-path benchmark (issue 16): `npm run bench:live -- [--scenario S2|S10|all] [--sockets 100,1000,3000]
 * [--replies 30] [--fleets 2]`. Every figure stands next to a baseline measured in the same run.
 *
 * S2  a reply on a case → N sockets in that case's room, one node (embedded): delivery = request
 *     sent → event received, against a bare Socket.IO server emitting the same frame to the same N.
 *     Also: HTTP response time, server RSS and event-loop lag (p99), memory of one idle socket.
 * S8  a client offline while its case gets 100 / 5 000 events: the replay on re-join (≤ 500 events)
 *     and the explicit refetch beyond it.
 * S10 queue hop: job enqueue → handler start, in-process runner and (with REDIS_URL) BullMQ.
 *
 * The fleets are child processes on loopback; counts and times are bounded; results are printed
 * and written into bench/RESULTS.md between the live-bench markers.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { io as connect } from 'socket.io-client';
import { loadConfig } from '@server/config';
import { startServer } from '@server/server';
import { users } from '@server/db/schema';
import { toAuthedUser } from '@server/http/auth';
import { fileReport } from '@server/modules/reports/report';
import { createLogger } from '@server/infra/logger';
import { inProcessRunner } from '@server/jobs/in-process';
import { bullmqRunner } from '@server/jobs/bullmq';
import { createRedis } from '@server/infra/redis';
import type { JobRunner } from '@server/jobs/types';
import { startBareServer } from './live/bare-server';
import { writeResults } from './results';

const { values } = parseArgs({
  options: {
    scenario: { type: 'string', default: 'all' },
    sockets: { type: 'string', default: '100,1000,3000' },
    replies: { type: 'string', default: '30' },
    fleets: { type: 'string', default: '2' },
    gap: { type: 'string', default: '100' },
  },
});
const SIZES = values.sockets!.split(',').map(Number).filter((n) => n > 0 && n <= 20_000);
const REPLIES = Math.min(Number(values.replies), 500);
const FLEETS = Math.max(1, Math.min(Number(values.fleets), 8));
const GAP_MS = Number(values.gap);
const scenario = values.scenario!.toUpperCase();
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]! : NaN);
const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');
const signed = (x: number) => (x >= 0 ? `+${ms(x)}` : `−${ms(-x)}`);
const gc = () => (globalThis as { gc?: () => void }).gc?.();

interface Fleet {
  child: ChildProcess;
  ask<T>(type: string): Promise<T>;
}
async function startFleet(url: string, room: string, count: number, kind: 'tribunal' | 'bare'): Promise<Fleet> {
  const child = fork(path.join(import.meta.dirname, 'live/fleet.ts'), [url, room, String(count), kind], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    child.once('message', (m: { type: string }) => (m.type === 'ready' ? resolve() : reject(new Error(String(m.type)))));
    child.once('exit', (code) => reject(new Error(`fleet exited ${code}`)));
  });
  return {
    child,
    ask: <T>(type: string) =>
      new Promise<T>((resolve) => {
        child.once('message', (m) => resolve(m as T));
        child.send({ type });
      }),
  };
}

interface Sent {
  sentAt: number;
  responseMs: number;
  status: number;
  text: string;
}
/** The process that sends the writes (bench/live/sender.ts). */
async function startSender() {
  const child = fork(path.join(import.meta.dirname, 'live/sender.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise((r) => child.once('message', r));
  return {
    post(url: string, headers: Record<string, string>, body: unknown): Promise<Sent> {
      return new Promise((resolve, reject) => {
        child.once('message', (m: Sent) => (m.status >= 300 ? reject(new Error(`${url} answered ${m.status} ${m.text}`)) : resolve(m)));
        child.send({ type: 'send', url, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      });
    },
    stop: () => child.send({ type: 'stop' }),
  };
}
type Send = (marker: number) => Promise<Sent>;

interface Run {
  deliveries: number[];
  responses: number[];
  expected: number;
  received: number;
  duplicates: number;
  lastPerReply: number[];
  rssMb: number;
  lagP99: number;
  idleSocketKb: number;
}

/** N sockets in the room through `fleets`, then REPLIES marked writes, one after another. */
async function measure(n: number, url: string, room: string, kind: 'tribunal' | 'bare', send: Send): Promise<Run> {
  const heap = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.external;
  };
  gc();
  const heapBefore = heap();
  const fleets = await Promise.all(Array.from({ length: FLEETS }, (_, i) => startFleet(url, room, Math.floor(n / FLEETS) + (i < n % FLEETS ? 1 : 0), kind)));
  await sleep(300);
  gc();
  const idleSocketKb = (heap() - heapBefore) / 1024 / n;
  // Warm-up replies are not counted.
  for (let i = 0; i < 3; i++) await send(1_000_000 + i);
  await sleep(200);
  for (const f of fleets) f.child.send({ type: 'reset' });
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const sentAt = new Map<number, number>();
  const responses: number[] = [];
  let rssMax = 0;
  for (let i = 0; i < REPLIES; i++) {
    const sent = await send(i);
    sentAt.set(i, sent.sentAt);
    responses.push(sent.responseMs);
    rssMax = Math.max(rssMax, process.memoryUsage().rss);
    await sleep(GAP_MS);
  }
  await sleep(Math.max(1000, n / 5));
  lag.disable();
  const reports = await Promise.all(fleets.map((f) => f.ask<{ arrivals: Array<[number, number[]]> }>('report')));
  for (const f of fleets) f.child.send({ type: 'stop' });
  await Promise.all(fleets.map((f) => new Promise((r) => (f.child.exitCode !== null ? r(null) : f.child.once('exit', r)))));
  const deliveries: number[] = [];
  const perReply = new Map<number, number[]>();
  for (const { arrivals } of reports) {
    for (const [marker, times] of arrivals) {
      const t0 = sentAt.get(marker);
      if (t0 === undefined) continue;
      for (const t of times) deliveries.push(t - t0);
      perReply.set(marker, [...(perReply.get(marker) ?? []), ...times.map((t) => t - t0)]);
    }
  }
  const received = deliveries.length;
  const expected = n * REPLIES;
  // A socket that got a marker twice shows up as more arrivals than sockets for that reply.
  const duplicates = [...perReply.values()].reduce((sum, list) => sum + Math.max(0, list.length - n), 0);
  return {
    deliveries,
    responses,
    expected,
    received,
    duplicates,
    lastPerReply: [...perReply.values()].map((l) => Math.max(...l)),
    rssMb: rssMax / 1024 / 1024,
    lagP99: lag.percentile(99) / 1e6,
    idleSocketKb,
  };
}

async function scenarioS2(lines: string[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-bench-live-'));
  const server = await startServer(
    loadConfig({ SECRET: crypto.randomBytes(24).toString('hex'), HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', SERVE_CLIENT: 'false', DATA_DIR: dataDir, SEED_DEMO: 'false' }),
    { inMemoryDb: true },
  );
  const bare = await startBareServer();
  try {
    const { services } = server;
    const [row] = await services.db.insert(users).values({ username: 'bench-live-bot', passwordHash: 'x', privileges: ['bot'] }).returning();
    const claims = { userId: row!.id, username: row!.username, userAvatar: '', privilege: row!.privileges, visitType: 'bot', expiresIn: 3_600_000 };
    const { token } = await services.tokens.sign(claims as never);
    const reporter = toAuthedUser(row!, { ...claims, signWhen: Date.now() } as never);
    const { dbId } = await fileReport(
      services,
      reporter,
      { userId: '900000001', personaId: '800000001', username: 'BenchLiveSuspect', avatar: null },
      { game: 'bf1', cheatMethods: ['aimbot'], videoLink: '', description: '<p>Snaps to heads through smoke, every round, on every map.</p>' } as never,
      'report',
    );
    const room = `case:${dbId}`;
    const words = ['flank', 'smoke', 'spotted', 'prefire', 'recoil', 'tracking', 'wallbang', 'headshot'];
    const content = (marker: number) => `<p>bench-mark-${marker}- seen ${words[marker % words.length]} again, round ${marker * 7 + 3}.</p>`;

    // One real frame, to give the bare server the same bytes to send.
    const probe = connect(server.url, { transports: ['websocket'] });
    await new Promise((r) => probe.once('connect', () => r(null)));
    await new Promise((r) => probe.emit('room:join', { room }, r));
    const frameArrived = new Promise<unknown>((r) => probe.once('room:event', r));
    const sender = await startSender();
    const reply: Send = (marker) => sender.post(`${server.url}/api/player/reply`, { 'x-access-token': token }, { data: { toPlayerId: dbId, content: content(marker) }, SKIP_CAPTCHA: true });
    await reply(999_999);
    const frame = JSON.stringify(await frameArrived);
    probe.disconnect();
    const bareSend: Send = (marker) => sender.post(`${bare.url}/reply`, {}, { room, event: JSON.parse(frame.replace(/bench-mark-\d+-/, `bench-mark-${marker}-`)) });

    lines.push(
      `### S2: a reply → N sockets in the case room, one node (embedded)`,
      '',
      `${REPLIES} replies ${GAP_MS} ms apart per size, ${FLEETS} client processes; delivery = request sent → event received; "bare" = a plain Socket.IO server emitting the same frame (${frame.length} bytes) to the same N in the same run.`,
      '',
      '| N | server | delivery p50 | p95 | p99 | last of a reply (p50 / max) | over bare p99 | HTTP response p50 / p99 | lost / duplicated | RSS max | loop lag p99 | idle socket |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const n of SIZES) {
      const t = await measure(n, server.url, room, 'tribunal', reply);
      const b = await measure(n, bare.url, room, 'bare', bareSend);
      for (const [name, r] of [['bare', b], ['Tribunal', t]] as const) {
        lines.push(
          `| ${n} | ${name} | ${ms(pct(r.deliveries, 0.5))} | ${ms(pct(r.deliveries, 0.95))} | ${ms(pct(r.deliveries, 0.99))} | ${ms(pct(r.lastPerReply, 0.5))} / ${ms(Math.max(...r.lastPerReply))} | ${name === 'bare' ? '' : signed(pct(t.deliveries, 0.99) - pct(b.deliveries, 0.99))} | ${ms(pct(r.responses, 0.5))} / ${ms(pct(r.responses, 0.99))} | ${r.expected - r.received + r.duplicates > 0 ? `${Math.max(0, r.expected - r.received)} / ${r.duplicates}` : '0 / 0'} | ${r.rssMb.toFixed(0)} MB | ${ms(r.lagP99)} | ${r.idleSocketKb.toFixed(1)} KB |`,
        );
      }
      console.log(lines.slice(-2).join('\n'));
    }
    lines.push('');
    await scenarioS8(lines, server.url, room, reply);
    sender.stop();
  } finally {
    await bare.close();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** S8: leave the room, let `events` happen, come back with the last sequence seen. */
async function scenarioS8(lines: string[], url: string, room: string, reply: Send) {
  lines.push('### S8: a client offline while its case moves on, then back', '', '| events while away | answer on re-join | all replayed events in | target |', '|---|---|---|---|');
  for (const wanted of [100, 5000]) {
    const client = connect(url, { transports: ['websocket'] });
    await new Promise((r) => client.once('connect', () => r(null)));
    const joined = await new Promise<{ lastSeq: number }>((r) => client.emit('room:join', { room }, r as never));
    client.disconnect();
    // A reply is two events (the entry and the case's counts).
    for (let i = 0; i < wanted / 2; i++) await reply(2_000_000 + wanted * 10 + i);
    const back = connect(url, { transports: ['websocket'] });
    await new Promise((r) => back.once('connect', () => r(null)));
    let got = 0;
    let refetch = false;
    const all = new Promise<number>((resolve) => {
      back.on('room:event', () => {
        if (++got === wanted) resolve(now());
      });
      back.on('room:refetch', () => {
        refetch = true;
        resolve(now());
      });
    });
    const t0 = now();
    const answer = await new Promise<{ replayed: number; refetch?: boolean }>((r) => back.emit('room:join', { room, lastSeq: joined.lastSeq }, r as never));
    const done = await Promise.race([all, sleep(5_000).then(() => NaN)]);
    back.disconnect();
    const what = answer.refetch || refetch ? 'refetch (explicit, no gap)' : `replayed ${answer.replayed}`;
    lines.push(`| ${wanted} | ${what} | ${ms(done - t0)} ms | ${wanted <= 500 ? 'all replayed ≤ 1 s' : 'explicit refetch'} |`);
  }
  lines.push('');
  console.log(lines.slice(-4).join('\n'));
}

async function hop(runner: JobRunner, count: number) {
  const waits: number[] = [];
  let resolveDone!: () => void;
  const done = new Promise<void>((r) => (resolveDone = r));
  runner.register('bench.hop' as never, (async (data: { at: number }) => {
    waits.push(now() - data.at);
    if (waits.length === count) resolveDone();
  }) as never);
  await runner.start();
  for (let i = 0; i < count; i++) {
    await runner.enqueue('bench.hop' as never, { at: now() } as never);
    await sleep(5);
  }
  await done;
  await runner.close();
  return waits;
}

async function scenarioS10(lines: string[]) {
  const log = createLogger('warn');
  const count = 300;
  lines.push('### S10: queue hop (enqueue → handler start)', '', '| runner | p50 | p99 | max | target |', '|---|---|---|---|---|');
  const inProcess = await hop(inProcessRunner(log), count);
  lines.push(`| in-process | ${ms(pct(inProcess, 0.5))} ms | ${ms(pct(inProcess, 0.99))} ms | ${ms(Math.max(...inProcess))} ms | p50 ≤ 3, p99 ≤ 10 |`);
  if (process.env.REDIS_URL) {
    const redis = createRedis(process.env.REDIS_URL);
    const prefix = `bench-hop-${crypto.randomBytes(3).toString('hex')}:`;
    const waits = await hop(bullmqRunner(redis, prefix, log), count);
    lines.push(`| BullMQ (Redis) | ${ms(pct(waits, 0.5))} ms | ${ms(pct(waits, 0.99))} ms | ${ms(Math.max(...waits))} ms | p50 ≤ 3, p99 ≤ 10 |`);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  } else lines.push('| BullMQ | not run: set REDIS_URL | | | |');
  lines.push('');
  console.log(lines.slice(-4).join('\n'));
}

const lines: string[] = [`Measured ${new Date().toISOString().slice(0, 16)} UTC on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), load average ${os.loadavg()[0]!.toFixed(2)} at the start.`, ''];
if (scenario === 'ALL' || scenario === 'S2') await scenarioS2(lines);
if (scenario === 'ALL' || scenario === 'S10') await scenarioS10(lines);
writeResults('live', lines.join('\n'));
console.log('\nwritten to bench/RESULTS.md');
process.exit(0);
