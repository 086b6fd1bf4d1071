/**
 * S7: a reconnect storm. N clients (the site's realtime client) on node A of two, a reply written
 * to node B every WRITE_GAP_MS throughout; A is killed (SIGKILL). Measured: when the clients are
 * back (re-joined on B), whether any event is missed (each client's sequence must run on to the
 * room's head without a hole), and a case read on B all along (p99 during the storm).
 * Targets: 99 % back ≤ 15 s, 0 missed, case read p99 ≤ 200 ms.
 */
import path from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import { io } from 'socket.io-client';
import type { JoinResult } from '@shared/socket';
import { ms, now, pct, sleep, startSender, type LiveOptions } from './common';
import { NOT_RUN, markedText, serverModeUrls, startTwoNodeSite, type BenchNode } from './nodes';
import type { StormClientReport } from './storm-fleet';

const WRITE_GAP_MS = 100;
const READ_GAP_MS = 50;
/** How long the storm may take before the clients still away count as not back. */
const STORM_LIMIT_MS = 60_000;

export async function startStormFleet(urlA: string, urlB: string, room: string, count: number) {
  const child = fork(path.join(import.meta.dirname, 'storm-fleet.ts'), [urlA, urlB, room, String(count)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    child.once('message', (m: { type: string }) => (m.type === 'ready' ? resolve() : reject(new Error(String(m.type)))));
    child.once('exit', (code) => reject(new Error(`storm fleet exited ${code}`)));
  });
  return {
    child,
    report: () =>
      new Promise<StormClientReport[]>((resolve) => {
        child.once('message', (m: { clients: StormClientReport[] }) => resolve(m.clients));
        child.send({ type: 'report' });
      }),
  };
}
type StormFleet = Awaited<ReturnType<typeof startStormFleet>>;

/** GET one case every READ_GAP_MS until stopped; the answer times. */
export function readLoop(url: string) {
  const times: number[] = [];
  let failed = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const t0 = now();
      const res = await fetch(url).catch(() => null);
      if (res?.ok) {
        await res.arrayBuffer();
        times.push(now() - t0);
      } else failed++;
      await sleep(READ_GAP_MS);
    }
  })();
  return async () => {
    running = false;
    await done;
    return { times, failed };
  };
}

/** The room's head as node B sees it. */
export async function headOf(url: string, room: string): Promise<number> {
  const probe = io(url, { transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise((r) => probe.once('connect', () => r(null)));
  const res = await new Promise<JoinResult>((r) => probe.emit('room:join', { room }, r));
  probe.disconnect();
  if (!res.ok) throw new Error(`probe join refused: ${res.code}`);
  return res.lastSeq;
}

interface Storm {
  n: number;
  back: number[];
  notBack: number;
  missed: number;
  skipped: number;
  refetches: number;
  attempts: number[];
  connected: number[];
  readQuiet: number[];
  readStorm: number[];
  readFailed: number;
  writes: number;
  writesRefused: number;
  rssA: number;
  rssB: number;
  lagB: { p99: number; max: number };
}

async function storm(o: LiveOptions, n: number, bot: string, caseId: number, a: BenchNode, b: BenchNode, sender: Awaited<ReturnType<typeof startSender>>): Promise<Storm> {
  const room = `case:${caseId}`;
  const fleets: StormFleet[] = await Promise.all(Array.from({ length: o.fleets }, (_, i) => startStormFleet(a.url, b.url, room, Math.floor(n / o.fleets) + (i < n % o.fleets ? 1 : 0))));
  const caseUrl = `${b.url}/api/player?dbId=${caseId}`;
  // The case read on B with the clients connected on A, before the storm.
  const stopQuiet = readLoop(caseUrl);
  let writes = 0;
  let writesRefused = 0;
  let writing = true;
  const writer = (async () => {
    while (writing) {
      await sender
        .post(`${b.url}/api/player/reply`, { 'x-access-token': bot }, { data: { toPlayerId: caseId, content: markedText(3_000_000 + writes) }, SKIP_CAPTCHA: true })
        .then(() => writes++)
        .catch(() => writesRefused++);
      await sleep(WRITE_GAP_MS);
    }
  })();
  await sleep(2000);
  const quiet = await stopQuiet();
  const rssA = a.rssMb();
  await b.loopLag();
  const stopStorm = readLoop(caseUrl);
  const killedAt = now();
  await a.kill();
  // Until every client is back, or the limit.
  let reports: StormClientReport[] = [];
  for (;;) {
    await sleep(500);
    reports = (await Promise.all(fleets.map((f) => f.report()))).flat();
    if (reports.every((r) => r.backAt !== null) || now() - killedAt > STORM_LIMIT_MS) break;
  }
  const lagB = await b.loopLag();
  const rssB = b.rssMb();
  const during = await stopStorm();
  // Writes go on a moment after the storm, then stop; every client must reach the room's head.
  await sleep(1000);
  writing = false;
  await writer;
  await sleep(1500);
  const head = await headOf(b.url, room);
  reports = (await Promise.all(fleets.map((f) => f.report()))).flat();
  for (const f of fleets) f.child.send({ type: 'stop' });
  await Promise.all(fleets.map((f) => new Promise((r) => (f.child.exitCode !== null ? r(null) : f.child.once('exit', r)))));
  const back = reports.flatMap((r) => (r.backAt === null ? [] : [r.backAt - killedAt]));
  return {
    n,
    back,
    notBack: reports.length - back.length,
    // Over the clients that are back (the others are counted as not back). A refetch is explicit
    // (the page reloads), not a silent miss; counted apart.
    missed: reports.reduce((sum, r) => sum + (r.backAt === null || r.refetches ? 0 : Math.max(0, head - r.lastSeq)), 0),
    skipped: reports.reduce((sum, r) => sum + r.skipped, 0),
    refetches: reports.reduce((sum, r) => sum + r.refetches, 0),
    attempts: reports.map((r) => r.attempts),
    connected: reports.flatMap((r) => (r.connectedAt === null ? [] : [r.connectedAt - killedAt])),
    readQuiet: quiet.times,
    readStorm: during.times,
    readFailed: during.failed,
    writes,
    writesRefused,
    rssA,
    rssB,
    lagB,
  };
}

export async function scenarioS7(lines: string[], o: LiveOptions) {
  lines.push('### S7: reconnect storm: N clients on node A, A killed, clients move to node B', '');
  const urls = serverModeUrls();
  if (!urls) return void lines.push(`| S7 | ${NOT_RUN} |`, '|---|---|', '');
  lines.push(
    `Per size a fresh pair of nodes (PostgreSQL + Redis). The clients are the site's own realtime client (${o.fleets} processes); when A dies (SIGKILL) each reconnects with Socket.IO's back-off to B (as a balancer would route it) and re-joins with its last sequence. A reply is written to B every ${WRITE_GAP_MS} ms throughout; the case is read on B every ${READ_GAP_MS} ms (quiet: the 2 s before the kill; storm: from the kill until every client is back). Back = the re-join on B answered; handshake done = Socket.IO connected to B (the re-join follows). Not back = no re-join answered within ${STORM_LIMIT_MS / 1000} s. Missed = over the clients back: events between a client's last one and the room's head at the end, or skipped in between (target 0). Targets: 99 % back ≤ 15 s, case read p99 ≤ 200 ms during the storm.`,
    '',
    '| N | back p50 / p99 / last | of which handshake done p50 / p99 | reconnect attempts p50 / max | not back | missed / skipped | refetches | case read p50 / p99 quiet | during the storm | failed reads | writes (refused) | RSS A before / B after | loop lag B p99 / max | targets |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const n of o.sizes) {
    const site = await startTwoNodeSite(urls.adminUrl, urls.redisUrl);
    const sender = await startSender();
    try {
      const [a, b] = site.nodes as [BenchNode, BenchNode];
      const bot = await site.signIn(b.url, 'demo-bot');
      const r = await storm(o, n, bot, site.caseId, a, b, sender);
      const backed99 = r.notBack / n <= 0.01 && pct(r.back, 0.99) <= 15_000;
      const met = backed99 && r.missed === 0 && r.skipped === 0 && pct(r.readStorm, 0.99) <= 200;
      lines.push(
        `| ${n} | ${ms(pct(r.back, 0.5))} / ${ms(pct(r.back, 0.99))} / ${ms(Math.max(...r.back))} ms | ${ms(pct(r.connected, 0.5))} / ${ms(pct(r.connected, 0.99))} ms | ${pct(r.attempts, 0.5)} / ${Math.max(...r.attempts)} | ${r.notBack} | ${r.missed} / ${r.skipped} | ${r.refetches} | ${ms(pct(r.readQuiet, 0.5))} / ${ms(pct(r.readQuiet, 0.99))} | ${ms(pct(r.readStorm, 0.5))} / ${ms(pct(r.readStorm, 0.99))} | ${r.readFailed} | ${r.writes} (${r.writesRefused}) | ${r.rssA.toFixed(0)} / ${r.rssB.toFixed(0)} MB | ${ms(r.lagB.p99)} / ${ms(r.lagB.max)} | ${met ? 'met' : 'not met'} |`,
      );
      console.log(lines.at(-1));
    } finally {
      sender.stop();
      await site.close();
    }
  }
  lines.push('');
}
