/**
 * The Socket.IO adapters side by side (docs/decisions/0010-socket-adapter.md): three node processes
 * per adapter on a private Redis, many rooms each heard on one node only, events sent from node 0.
 * Per adapter: CPU of the nodes that hear rooms of the others (per 1000 events), delivery p50/p99,
 * presence across nodes (fetchSockets count and time), and a 10-second Redis outage: events that
 * never arrived live (the room sequence makes clients replay them: server/realtime/redis-restart.redis.test.ts)
 * and how soon after Redis is back events flow again.
 *   npm run bench:adapters [-- --rooms 300 --rate 400 --outage 10]
 */
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { io as connect, type Socket } from 'socket.io-client';
import { startPrivateRedis, type PrivateRedis } from '@server/test/private-redis';
import { SOCKET_ADAPTERS, type SocketAdapterKind } from '@server/realtime/adapter-kinds';

const { values } = parseArgs({ options: { rooms: { type: 'string', default: '300' }, rate: { type: 'string', default: '400' }, seconds: { type: 'string', default: '6' }, outage: { type: 'string', default: '10' } } });
const ROOMS = Number(values.rooms);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const OUTAGE_S = Number(values.outage);
const NODES = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (list: number[], p: number) => (list.length ? [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(p * list.length))]! : NaN);

interface Node {
  child: ChildProcess;
  url: string;
  ask<T>(c: object): Promise<T>;
}

async function startNode(kind: SocketAdapterKind, redisUrl: string, prefix: string): Promise<Node> {
  const child = fork(path.join(import.meta.dirname, 'adapters/node.ts'), { execArgv: ['--import', 'tsx'], env: { ...process.env, KIND: kind, REDIS_URL: redisUrl, PREFIX: prefix } });
  const url = await new Promise<string>((resolve) => child.once('message', (m: { url: string }) => resolve(m.url)));
  return { child, url, ask: (c) => new Promise((resolve) => (child.once('message', resolve as never), child.send(c))) };
}

async function measure(kind: SocketAdapterKind, redis: PrivateRedis) {
  const prefix = `bench-adapters-${crypto.randomBytes(3).toString('hex')}:`;
  const nodes: Node[] = [];
  for (let i = 0; i < NODES; i++) nodes.push(await startNode(kind, redis.url, prefix));
  // Room r has two sockets, both on node r % 3: node 0 sends to every room.
  const sockets: Socket[] = [];
  const got = new Map<string, Set<number>>();
  const delays: number[] = [];
  let measuring = false;
  for (let r = 0; r < ROOMS; r++) {
    const room = `case:${r + 1}`;
    got.set(room, new Set());
    for (let k = 0; k < 2; k++) {
      const s = connect(nodes[r % NODES]!.url, { transports: ['websocket'], query: { room }, forceNew: true });
      s.on('ev', (e: { room: string; seq: number; t: number }) => {
        if (k === 0) got.get(e.room)!.add(e.seq);
        if (measuring) delays.push(Date.now() - e.t);
      });
      sockets.push(s);
    }
  }
  await Promise.all(sockets.map((s) => (s.connected ? undefined : new Promise<void>((r) => s.once('connect', () => r())))));
  await sleep(1_500); // subscriptions settle
  let seq = 0;
  const send = (room: string) => nodes[0]!.child.send({ op: 'emit', room, seq: ++seq });
  const remoteRoom = () => `case:${1 + NODES * Math.floor(Math.random() * (ROOMS / NODES)) + 1 + Math.floor(Math.random() * (NODES - 1))}`;
  const anyRoom = () => `case:${1 + Math.floor(Math.random() * ROOMS)}`;

  // 1. Load: CPU per node and delivery.
  const cpu0 = await Promise.all(nodes.map((n) => n.ask<{ cpu: NodeJS.CpuUsage }>({ op: 'cpu' })));
  measuring = true;
  const events = RATE * SECONDS;
  const started = Date.now();
  for (let i = 0; i < events; i++) {
    send(anyRoom());
    if (i % 20 === 19) await sleep(Math.max(0, started + ((i + 1) * 1000) / RATE - Date.now()));
  }
  await sleep(1_000);
  measuring = false;
  const cpu1 = await Promise.all(nodes.map((n) => n.ask<{ cpu: NodeJS.CpuUsage }>({ op: 'cpu' })));
  const cpuMs = cpu1.map((c, i) => (c.cpu.user + c.cpu.system - cpu0[i]!.cpu.user - cpu0[i]!.cpu.system) / 1000);
  const heard = [...got.values()].reduce((n, s) => n + s.size, 0);

  // 2. Presence: node 0 counts rooms held by the other nodes.
  const counts: number[] = [];
  const countMs: number[] = [];
  for (let i = 0; i < 20; i++) {
    const r = await nodes[0]!.ask<{ count: number; ms: number }>({ op: 'count', room: remoteRoom() });
    counts.push(r.count);
    countMs.push(r.ms);
  }

  // 3. A Redis outage while node 0 sends 50 events a second to rooms of the other nodes.
  for (const s of got.values()) s.clear();
  const sent = new Map<number, string>();
  let stop = false;
  let backAt = 0;
  let firstAfter = 0;
  const sender = (async () => {
    while (!stop) {
      const room = remoteRoom();
      send(room);
      sent.set(seq, room);
      await sleep(20);
    }
  })();
  await sleep(2_000);
  await redis.kill();
  await sleep(OUTAGE_S * 1000);
  await redis.start();
  backAt = Date.now();
  const sentAtBack = seq;
  for (const until = Date.now() + 30_000; !firstAfter && Date.now() < until; await sleep(20)) {
    for (const [n, room] of sent) if (n > sentAtBack && got.get(room)!.has(n)) firstAfter = Date.now();
  }
  await sleep(3_000);
  stop = true;
  await sender;
  await sleep(1_000);
  const missed = [...sent].filter(([n, room]) => !got.get(room)!.has(n)).length;

  for (const s of sockets) s.disconnect();
  await Promise.all(nodes.map((n) => new Promise((r) => (n.child.once('exit', r), n.child.send({ op: 'stop' })))));
  return {
    kind,
    remoteCpuPer1000: ((cpuMs[1]! + cpuMs[2]!) / 2 / events) * 1000,
    senderCpuPer1000: (cpuMs[0]! / events) * 1000,
    p50: pct(delays, 0.5),
    p99: pct(delays, 0.99),
    delivered: heard / events,
    presenceRight: counts.filter((c) => c === 2).length / counts.length,
    presenceMs: pct(countMs, 0.5),
    outageSent: sent.size,
    outageMissed: missed,
    recoverMs: firstAfter ? firstAfter - backAt : NaN,
  };
}

const redis = await startPrivateRedis();
const rows = [];
try {
  for (const kind of SOCKET_ADAPTERS) {
    const r = await measure(kind, redis);
    console.log(JSON.stringify(r));
    rows.push(r);
  }
} finally {
  await redis.kill();
}
const base = rows.find((r) => r.kind === 'classic')!;
const f = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '—');
console.log(`\n${NODES} nodes, ${ROOMS} rooms (each heard on one node), ${RATE} events/s for ${SECONDS} s from node 0; outage ${OUTAGE_S} s at 50 events/s to the other nodes' rooms.\n`);
console.log('| adapter | CPU of a node per 1000 events (ms; ratio to classic) | sender CPU per 1000 | delivery p50 / p99 (ms) | delivered | presence right / p50 ms | outage: events missed live / sent | first event after Redis is back (ms) |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.kind} | ${f(r.remoteCpuPer1000)} (${f(r.remoteCpuPer1000 / base.remoteCpuPer1000, 2)}) | ${f(r.senderCpuPer1000)} | ${f(r.p50, 0)} / ${f(r.p99, 0)} | ${f(r.delivered * 100)} % | ${f(r.presenceRight * 100, 0)} % / ${f(r.presenceMs)} | ${r.outageMissed} / ${r.outageSent} | ${f(r.recoverMs, 0)} |`,
  );
}
process.exit(0);
