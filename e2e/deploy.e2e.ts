import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import type { RoomEvent } from '@shared/socket';
import { collectEvents, joinRoom, type ClientSocket } from '@server/test/harness';
import { png } from '@server/test/media';

/**
 * The multi-machine deploy on one machine (deploy/local/site.sh): PostgreSQL with a streaming
 * replica, a three-master Redis Cluster, an S3 object store, three nodes behind the shipped nginx
 * config. What a site on several machines must do: any node serves what another stored, a write on
 * one reaches a socket on another, and a node that dies loses nothing (reads go on, sockets come
 * back through nginx and replay what they missed).
 */
const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'deploy-test-1';
// Ports of their own, apart from the test cluster of .ci/run (7000-7005) and the usual services.
const PORTS = { SITE_PORT: '8850', PG_PRIMARY_PORT: '5470', REDIS_CLUSTER_BASE: '7300', S3_PORT: '9150' };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-deploy-'));
const env = { ...process.env, ...PORTS, SITE_DIR: dir, DEMO_PASSWORD: PASSWORD };
const site = `http://127.0.0.1:${PORTS.SITE_PORT}`;
const nodeUrl = (n: number) => `http://127.0.0.1:${Number(PORTS.SITE_PORT) + n}`;
const siteSh = (...args: string[]) => run('bash', [path.join(ROOT, 'deploy/local/site.sh'), ...args], { env, timeout: 300_000 });

const sockets: ClientSocket[] = [];
beforeAll(async () => {
  await siteSh('start');
}, 300_000);
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await siteSh('stop').catch(() => undefined);
  fs.rmSync(dir, { recursive: true, force: true });
}, 120_000);

async function api(url: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('x-access-token', init.token);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  const res = await fetch(url, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body, redirect: 'manual' });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text.startsWith('{') ? (JSON.parse(text) as { data?: any; code?: string }) : null };
}

/** demo-bot skips the captcha, as the original's bot accounts do. */
async function signInBot(url: string) {
  const res = await api(`${url}/api/user/signin`, { method: 'POST', json: { data: { username: 'demo-bot', password: PASSWORD }, SKIP_CAPTCHA: true } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body!.data.token as string;
}

const reply = (url: string, token: string, toPlayerId: number) =>
  api(`${url}/api/player/reply`, { method: 'POST', token, json: { data: { toPlayerId, content: `<p>Across machines ${crypto.randomUUID()} ${crypto.randomUUID()}</p>` }, SKIP_CAPTCHA: true } });

function connect(url: string): Promise<ClientSocket> {
  return new Promise((resolve, reject) => {
    const s: ClientSocket = io(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(s);
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

describe('the local multi-machine deploy', { timeout: 180_000 }, () => {
  it('answers through nginx with every part up: the replica in rotation, jobs on BullMQ, Redis as a cluster', async () => {
    const health = await api(`${site}/api/health`);
    expect(health.status).toBe(200);
    expect(health.body!.data).toMatchObject({ database: { status: 'ok', kind: 'postgres' }, redis: { status: 'ok' }, queue: { status: 'ok', kind: 'bullmq' }, replicas: { inRotation: 1, of: 1 } });
    const page = await fetch(`${site}/player`);
    expect(page.headers.get('server')).toMatch(/nginx/);
    expect(await page.text()).toContain('<div id="root"');
  });

  it('a file stored through node 1 is served by node 3 from the object store', async () => {
    const token = await signInBot(nodeUrl(1));
    const image = await png(320, 200);
    const put = await api(`${nodeUrl(1)}/api/service/upload`, { method: 'PUT', token, headers: { 'content-type': 'application/octet-stream' }, body: new Uint8Array(image) });
    expect(put.status, JSON.stringify(put.body)).toBe(201);
    // Served once the image job (on whichever node took it from the queue) has checked it.
    const ask = () => api(`${nodeUrl(3)}/api/service/file?filename=${put.body!.data.name}`);
    await expect.poll(async () => (await ask()).status, { timeout: 30_000 }).toBe(302);
    const link = await ask();
    const stored = await fetch(link.headers.get('location')!);
    expect(stored.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await stored.arrayBuffer());
    // The stored copy (metadata stripped: server/modules/files) is what node 1, which took the upload, serves too.
    const fromOne = await fetch((await api(`${nodeUrl(1)}/api/service/file?filename=${put.body!.data.name}`)).headers.get('location')!);
    expect(bytes.length).toBeGreaterThan(100);
    expect(Buffer.from(await fromOne.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('node 2 dies mid-run: reads through nginx go on, its socket comes back through nginx and replays every event it missed', async () => {
    const token = await signInBot(nodeUrl(3));
    const caseId = (await api(`${site}/api/players?limit=1`)).body!.data.result[0].id as number;
    const room = `case:${caseId}`;
    const onTwo = await connect(nodeUrl(2));
    const joined = await joinRoom(onTwo, room);
    if (!joined.ok) throw new Error(joined.code);
    const live = collectEvents(onTwo);
    expect((await reply(nodeUrl(3), token, caseId)).status).toBe(200);
    await expect.poll(() => live.filter((e: RoomEvent) => e.name === 'timeline.added').length, { timeout: 10_000 }).toBe(1);
    const lastSeen = Math.max(...live.map((e: RoomEvent) => e.seq));

    await siteSh('kill-node', '2');
    const failed: number[] = [];
    for (let i = 0; i < 12; i++) {
      const [read, written] = await Promise.all([api(`${site}/api/player?dbId=${caseId}&i=${i}`), i % 3 === 0 ? reply(nodeUrl(3), token, caseId) : null]);
      if (read.status !== 200) failed.push(read.status);
      if (written) expect(written.status).toBe(200);
    }
    expect(failed).toEqual([]);

    // Back through nginx (to node 1 or 3), from the last event it had: the four replies written meanwhile come as a replay.
    const back = await connect(site);
    const replayed = collectEvents(back);
    const rejoined = await joinRoom(back, room, lastSeen);
    expect(rejoined).toMatchObject({ ok: true, replayed: expect.any(Number) });
    await expect.poll(() => replayed.filter((e: RoomEvent) => e.name === 'timeline.added').length, { timeout: 10_000 }).toBe(4);
    const seqs = replayed.map((e: RoomEvent) => e.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(seqs[0]).toBe(lastSeen + 1);
    await siteSh('start-node', '2');
  });
});
