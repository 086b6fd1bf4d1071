/**
 * The faults bench's load generator (a child process, driven over IPC by bench/faults.ts): writers
 * posting replies with unique markers, readers reading the cases, an uploader, and watcher sockets
 * in the cases' rooms that re-join with their last seq on a live node after every disconnect.
 * It records every request and every event; the parent reads them at the end.
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { ownAddress } from '../live/client-address';
import { RoomCursor } from '../../client/realtime/roomCursor';
import type { ClientToServerEvents, JoinResult, RoomEvent, ServerToClientEvents } from '@shared/socket';

export interface LoadInit {
  type: 'init';
  nodes: string[];
  token: string;
  cases: number[];
  writers: number;
  gapMs: number;
}
export interface RequestRecord {
  kind: 'write' | 'read' | 'upload';
  t0: number;
  t1: number;
  /** 0: no HTTP answer (connection refused or reset, timeout). */
  status: number;
  /** The envelope's code; undefined when the body was no envelope. */
  code?: string;
  marker?: string;
  caseId?: number;
  /** The stored entry's id, from a 2xx write. */
  id?: number;
}
export interface WatcherRecord {
  caseId: number;
  /** Timeline entry ids seen in `timeline.added` events. */
  ids: number[];
  /** Holes seen: an event arrived whose seq was past the next one expected (filled later by a late event or a re-join). */
  gaps: Array<{ after: number; t: number }>;
  /** 1 when a hole was still open when the watcher stopped. */
  holesAtEnd: number;
  joins: number;
  refetches: number;
}
export interface LoadReport {
  type: 'done';
  requests: RequestRecord[];
  watchers: WatcherRecord[];
}

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let nodes: string[] = [];
let running = true;
const requests: RequestRecord[] = [];

async function call(kind: RequestRecord['kind'], url: string, init: RequestInit, extra: Partial<RequestRecord> = {}) {
  const rec: RequestRecord = { kind, t0: Date.now(), t1: 0, status: 0, ...extra };
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
    rec.status = res.status;
    const text = await res.text();
    try {
      const body = JSON.parse(text) as { code?: unknown; data?: { id?: unknown } };
      if (typeof body.code === 'string') rec.code = body.code;
      if (res.ok && typeof body.data?.id === 'number') rec.id = body.data.id;
    } catch {
      /* not an envelope */
    }
  } catch {
    rec.status = 0;
  }
  rec.t1 = Date.now();
  requests.push(rec);
  return rec;
}

/** Round robin over the live nodes, as a load balancer does. */
let turn = 0;
const pick = () => nodes[turn++ % Math.max(1, nodes.length)];

async function writer(init: LoadInit, w: number) {
  for (let n = 1; running; n++) {
    const caseId = init.cases[(w + n) % init.cases.length]!;
    const marker = `fb-${w}-${n}-x`;
    const base = pick();
    if (base)
      await call(
        'write',
        `${base}/api/player/reply`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-access-token': init.token },
          body: JSON.stringify({ data: { toPlayerId: caseId, content: `<p>Fault bench write ${marker} under load, ${crypto.randomBytes(18).toString('base64')}.</p>` }, SKIP_CAPTCHA: true }),
        },
        { marker, caseId },
      );
    await sleep(init.gapMs);
  }
}

async function reader(init: LoadInit, r: number) {
  for (let n = 0; running; n++) {
    const caseId = init.cases[(r + n) % init.cases.length]!;
    const base = pick();
    if (base) await call('read', `${base}/api/player/timeline?dbId=${caseId}&limit=20`, { method: 'GET' }, { caseId });
    await sleep(init.gapMs);
  }
}

/** A new image every time: the same bytes again would be stored once and need no room on the disk. */
const freshImage = () =>
  sharp({ create: { width: 48, height: 48, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .png()
    .toBuffer();

async function uploader(init: LoadInit) {
  while (running) {
    const image = await freshImage();
    const base = pick();
    if (base) await call('upload', `${base}/api/service/upload`, { method: 'PUT', headers: { 'content-type': 'application/octet-stream', 'x-access-token': init.token }, body: image });
    await sleep(500);
  }
}

/** How long a hole may wait for a late event before the watcher re-joins from before it (as the site's client does). */
const HOLE_WAIT_MS = 500;

/**
 * A watcher of one case, keeping order as the site's client does (client/realtime/roomCursor.ts):
 * events after a hole are held; a hole that outlives a short wait, and every disconnect, leads to a
 * re-join with the last seq in order, on a live node (another one first after a disconnect).
 */
function watcher(caseId: number, start: number): { record: WatcherRecord; stop(): void } {
  const record: WatcherRecord = { caseId, ids: [], gaps: [], joins: 0, refetches: 0, holesAtEnd: 0 };
  const cursor = new RoomCursor<RoomEvent>();
  const room = `case:${caseId}`;
  let socket: ClientSocket | null = null;
  let stopped = false;
  let attempt = start;
  let holeTimer: NodeJS.Timeout | null = null;
  const join = async (s: ClientSocket) => {
    const lastSeq = cursor.lastSeq;
    const joined = await s
      .timeout(5_000)
      .emitWithAck('room:join', lastSeq === undefined ? { room } : { room, lastSeq })
      .catch(() => null as JoinResult | null);
    if (joined?.ok) cursor.sawHead(joined.lastSeq);
    return !!joined?.ok;
  };
  const watchHole = () => {
    if (!cursor.hasHole || holeTimer) return;
    record.gaps.push({ after: cursor.lastSeq!, t: Date.now() });
    holeTimer = setTimeout(async () => {
      holeTimer = null;
      if (cursor.hasHole && socket?.connected && (await join(socket))) record.joins++;
      watchHole();
    }, HOLE_WAIT_MS);
  };
  const connect = async () => {
    while (!stopped) {
      const url = nodes[attempt++ % Math.max(1, nodes.length)];
      if (!url) {
        await sleep(200);
        continue;
      }
      const s: ClientSocket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, timeout: 3_000, extraHeaders: ownAddress() });
      const ok = await new Promise<boolean>((resolve) => {
        s.once('connect', () => resolve(true));
        s.once('connect_error', () => resolve(false));
      });
      const take = (ev: RoomEvent) => {
        for (const ready of cursor.receive(ev)) if (ready.name === 'timeline.added') record.ids.push((ready.payload as { entry: { id: number } }).entry.id);
        watchHole();
      };
      s.on('room:event', take);
      s.on('room:events', (evs: RoomEvent[]) => evs.forEach(take));
      s.on('room:refetch', () => void record.refetches++);
      if (!ok || !(await join(s))) {
        s.close();
        await sleep(200);
        continue;
      }
      record.joins++;
      socket = s;
      watchHole();
      s.once('disconnect', () => {
        socket = null;
        if (!stopped) void connect();
      });
      return;
    }
  };
  void connect();
  return {
    record,
    stop() {
      stopped = true;
      record.holesAtEnd = cursor.hasHole ? 1 : 0;
      if (holeTimer) clearTimeout(holeTimer);
      socket?.close();
    },
  };
}

let finish: (() => Promise<void>) | null = null;

process.on('message', async (m: LoadInit | { type: 'nodes'; urls: string[] } | { type: 'stop' }) => {
  if (m.type === 'nodes') nodes = m.urls;
  if (m.type === 'stop') await finish?.();
  if (m.type !== 'init') return;
  nodes = m.nodes;
  const watchers = m.cases.flatMap((c, i) => [watcher(c, i), watcher(c, i + 1)]);
  // Watchers are in their rooms before the first write.
  while (watchers.some((w) => !w.record.joins)) await sleep(50);
  const loops = [...Array.from({ length: m.writers }, (_, w) => writer(m, w)), reader(m, 0), reader(m, 1), uploader(m)];
  finish = async () => {
    running = false;
    await Promise.all(loops);
    // Events of the last writes, and replays of watchers still re-joining, arrive.
    await sleep(3_000);
    for (const w of watchers) w.stop();
    process.send!({ type: 'done', requests, watchers: watchers.map((w) => w.record) } satisfies LoadReport);
  };
  process.send!({ type: 'ready' });
});
