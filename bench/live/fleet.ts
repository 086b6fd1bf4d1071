/**
 * A client fleet in its own process (bench/live.ts starts several): `count` Socket.IO clients join
 * one room and note when each marked event arrives. Clock: performance.timeOrigin + now(), which
 * processes on one machine share to well under a millisecond.
 */
import { io, type Socket } from 'socket.io-client';
import { ownAddress } from './client-address';
import { runFleet } from './fleet-control';

const [url, room, countArg, kind] = process.argv.slice(2) as [string, string, string, 'tribunal' | 'bare'];
const count = Number(countArg);
const now = () => performance.timeOrigin + performance.now();
const MARK = /bench-mark-(\d+)-/g;

/** marker → arrival times, one per socket that got it. */
const arrivals = new Map<number, number[]>();
const sockets: Socket[] = [];

/** An event or a frame of several: under a burst one frame may bring several marked events. */
function note(payload: unknown) {
  const t = now();
  const ids = new Set([...JSON.stringify(payload).matchAll(MARK)].map((m) => Number(m[1])));
  for (const id of ids) {
    const list = arrivals.get(id);
    if (list) list.push(t);
    else arrivals.set(id, [t]);
  }
}

async function connectOne(): Promise<void> {
  const socket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: ownAddress() });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  if (kind === 'tribunal') {
    socket.on('room:event', note);
    socket.on('room:events', note);
    const res = await new Promise<{ ok: boolean }>((resolve) => socket.emit('room:join', { room }, resolve));
    if (!res.ok) throw new Error(`join refused: ${JSON.stringify(res)}`);
  } else {
    socket.on('room:event', note);
    socket.on('room:events', note);
    await new Promise<void>((resolve) => socket.emit('join', room, () => resolve()));
  }
}

const main = () =>
  runFleet({
    count,
    connectOne,
    disconnectAll: () => sockets.forEach((s) => s.disconnect()),
    report: () => ({ arrivals: [...arrivals.entries()] }),
    on: (type) => type === 'reset' && arrivals.clear(),
  });

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
