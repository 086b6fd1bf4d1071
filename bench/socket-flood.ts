/**
 * A join/leave flood against the realtime limits per address (docs/operations.md, "Realtime limits
 * per address"): FLOODERS sockets join a case room with `lastSeq: 0` (a replay of HISTORY events
 * each), leave it and join again without pause, ignoring refusals, while a normal client reads the
 * case list every 50 ms. Three phases of SECONDS each: no flood; the flood with every socket under
 * an address of its own (only the per-socket limit holds, as it was for one address before the
 * per-address limits); the flood from one address. The server runs in this process, the flood and
 * the normal client in child processes; the normal client's latency is reported per phase and as a
 * ratio to the quiet phase.
 *
 *   npx tsx bench/socket-flood.ts [--flooders 200] [--history 400] [--seconds 10]
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';

const { values } = parseArgs({
  options: {
    role: { type: 'string', default: 'main' },
    url: { type: 'string' },
    room: { type: 'string' },
    addresses: { type: 'string', default: 'one' },
    flooders: { type: 'string', default: '200' },
    history: { type: 'string', default: '400' },
    seconds: { type: 'string', default: '10' },
  },
});
const SECONDS = Number(values.seconds);
const quantile = (xs: number[], q: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]! : 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** The child: sockets that join and leave the room in a loop until killed; counts what they got. */
async function flood() {
  const { io } = await import('socket.io-client');
  const count = Number(values.flooders);
  let [joined, refused, replayed] = [0, 0, 0];
  const one = async (i: number) => {
    const address = values.addresses === 'one' ? '203.0.113.99' : `10.77.${(i >> 8) & 255}.${i & 255}`;
    const socket = io(values.url!, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: { 'x-forwarded-for': address } });
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    for (;;) {
      const res = (await socket.timeout(30_000).emitWithAck('room:join', { room: values.room!, lastSeq: 0 }).catch(() => null)) as { ok: boolean; replayed?: number } | null;
      if (res?.ok) [joined, replayed] = [joined + 1, replayed + (res.replayed ?? 0)];
      else refused++;
      socket.emit('room:leave', { room: values.room! });
    }
  };
  for (let i = 0; i < count; i++) void one(i);
  setInterval(() => process.send!({ joined, refused, replayed }), 500);
}

/** The child: a normal reader, one request every 50 ms, each latency in ms. */
async function probe() {
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  while (performance.now() < end) {
    const start = performance.now();
    const res = await fetch(`${values.url}/api/players?limit=10`, { headers: { 'x-forwarded-for': '198.51.100.7' } });
    await res.arrayBuffer();
    latencies.push(performance.now() - start);
    await sleep(50 - (performance.now() - start));
  }
  process.send!(latencies);
}

/** Waits until the server answers a read within 50 ms again (a flood leaves writes queued to its sockets). */
async function settled(url: string) {
  for (let i = 0; i < 600; i++) {
    const start = performance.now();
    await (await fetch(`${url}/api/players?limit=10`, { headers: { 'x-forwarded-for': '198.51.100.8' } })).arrayBuffer();
    if (performance.now() - start < 50) return;
    await sleep(500);
  }
}

const child = (args: string[]) => fork(import.meta.filename, args, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });

async function main() {
  const { loadConfig } = await import('@server/config');
  const { startServer } = await import('@server/server');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-bench-flood-'));
  const server = await startServer(loadConfig({ SECRET: crypto.randomBytes(24).toString('hex'), HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', SERVE_CLIENT: 'false', SEED_DEMO: 'false', DATA_DIR: dataDir }));
  const room = 'case:424242';
  await server.services.db.execute(sql`
    INSERT INTO realtime_events (room, seq, name, payload)
    SELECT ${room}, g, 'timeline.hidden', jsonb_build_object('id', g, 'valid', false, 'note', repeat('x', 200)) FROM generate_series(1, ${Number(values.history)}::int) AS g`);
  await server.services.db.execute(sql`INSERT INTO room_sequences (room, last_seq) VALUES (${room}, ${Number(values.history)})`);
  const url = server.url.replace('localhost', '127.0.0.1');

  const phase = async (name: string, addresses: 'none' | 'own' | 'one') => {
    const flooder = addresses === 'none' ? null : child(['--role', 'flood', '--url', url, '--room', room, '--addresses', addresses, '--flooders', values.flooders!]);
    let counts = { joined: 0, refused: 0, replayed: 0 };
    flooder?.on('message', (m) => void (counts = m as typeof counts));
    await sleep(flooder ? 2_000 : 0);
    const before = { ...counts };
    const started = performance.now();
    const prober = child(['--role', 'probe', '--url', url, '--seconds', String(SECONDS)]);
    const latencies = await new Promise<number[]>((resolve) => prober.once('message', (m) => resolve(m as number[])));
    const after = { ...counts };
    const elapsedS = (performance.now() - started) / 1000;
    flooder?.kill();
    await settled(url);
    const perSecond = (k: keyof typeof counts) => Math.round((after[k] - before[k]) / elapsedS);
    return { name, requests: latencies.length, p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95), joinsPerS: perSecond('joined'), refusedPerS: perSecond('refused'), replayedPerS: perSecond('replayed') };
  };

  const rows = [await phase('no flood', 'none'), await phase(`${values.flooders} sockets, one address`, 'one'), await phase(`${values.flooders} sockets, an address each`, 'own')];
  const quiet = rows[0]!;
  console.log(`embedded (PGlite), ${values.history} stored events replayed per join, ${SECONDS} s a phase`);
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(32)} requests ${String(r.requests).padStart(4)}  p50 ${r.p50.toFixed(1).padStart(7)} ms (x${(r.p50 / quiet.p50).toFixed(1)})  p95 ${r.p95.toFixed(1).padStart(7)} ms (x${(r.p95 / quiet.p95).toFixed(1)})  joins/s ${r.joinsPerS}  refused/s ${r.refusedPerS}  replayed events/s ${r.replayedPerS}`,
    );
  }
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}

if (values.role === 'flood') void flood();
else if (values.role === 'probe') void probe();
else await main();
