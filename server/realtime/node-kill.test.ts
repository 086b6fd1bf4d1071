import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import supertest from 'supertest';
import type { RoomEvent } from '@shared/socket';
import { RealtimeClient } from '@client/realtime/RealtimeClient';
import { joinRoom, type ClientSocket } from '@server/test/harness';
import { createNodeSite, type NodeSite } from '@server/test/node-site';
import { startNode, type NodeProcess } from '@server/test/node-process';

/**
 * S7's sequence check at small N (bench/live/s7.ts measures it at thousands): tens of the site's
 * own realtime clients on node A, A killed, each client's next handshake goes to the surviving
 * node (as a balancer would route it) and it re-joins with its last sequence. Every client must
 * then have every event of the room once, in order, up to the room's head. With PostgreSQL +
 * Redis the survivor is node B and takes writes all along; embedded, it is the next process
 * started on the same data directory and address.
 */
const twoNodes = !!(process.env.DATABASE_URL && process.env.REDIS_URL);
const CLIENTS = 30;

let env: Record<string, string>;
let site: NodeSite | undefined;
const nodes: NodeProcess[] = [];
const clients: RealtimeClient[] = [];
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  site = await createNodeSite('nk', { SECRET: crypto.randomBytes(24).toString('hex'), SEED_DEMO: 'true', DEMO_PASSWORD: 'node-kill-pass' });
  env = site.env;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const n of nodes) await n.stop().catch(() => undefined);
  await site?.remove();
});

async function node(port?: string) {
  const n = await startNode(port ? { ...env, PORT: port } : env);
  nodes.push(n);
  return n;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, what: string, timeoutMs = 45_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(100);
  }
}

async function botToken(url: string) {
  const res = await supertest(url).post('/api/user/signin').send({ data: { username: 'demo-bot', password: env.DEMO_PASSWORD }, SKIP_CAPTCHA: true });
  expect(res.status).toBe(200);
  return res.body.data.token as string;
}

interface Watcher {
  joinedAt?: number;
  seqs: number[];
  refetches: number;
  back: boolean;
}

describe('a node killed under its clients', { timeout: 180_000 }, () => {
  it(`${CLIENTS} clients move to the surviving node, re-join with their last sequence and miss no event`, async () => {
    const a = await node();
    const b = twoNodes ? await node() : undefined;
    const caseId = (await supertest(a.url).get('/api/players?limit=1&status=0')).body.data.result[0].id as number;
    const room = `case:${caseId}`;
    let target = { url: (b ?? a).url, token: await botToken((b ?? a).url) };

    const watchers: Watcher[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const w: Watcher = { seqs: [], refetches: 0, back: false };
      watchers.push(w);
      let down = false;
      const client = new RealtimeClient({
        openSocket: (opts) => {
          const socket: ClientSocket = io(a.url, { ...opts, forceNew: true });
          sockets.push(socket);
          socket.on('disconnect', () => (down = true));
          return socket;
        },
      });
      clients.push(client);
      client.join(room, {
        onJoin: (res) => {
          if (!res.ok) return;
          if (w.joinedAt === undefined) w.joinedAt = res.lastSeq;
          else if (down) w.back = true;
        },
        onEvent: (ev: RoomEvent) => w.seqs.push(ev.seq),
        onRefetch: () => w.refetches++,
      });
    }
    await until(() => watchers.every((w) => w.joinedAt !== undefined), 'every client joined on A');

    // A writer that never stops while the test runs, against whichever node takes writes.
    let writing = true;
    let accepted = 0;
    const writer = (async () => {
      while (writing) {
        const res = await supertest(target.url)
          .post('/api/player/reply')
          .set('x-access-token', target.token)
          .send({ data: { toPlayerId: caseId, content: `<p>Storm write ${accepted}: ${crypto.randomBytes(12).toString('base64')}</p>` }, SKIP_CAPTCHA: true })
          .catch(() => null);
        if (res?.status === 200) accepted++;
        await sleep(50);
      }
    })();
    await until(() => accepted >= 5 && watchers.every((w) => w.seqs.length > 0), 'the first writes reached every client');

    const killedAt = Date.now();
    await a.kill();
    nodes.splice(nodes.indexOf(a), 1);
    if (b) {
      // The balancer's part: every client's next handshake goes to the survivor.
      for (const s of sockets) (s.io as unknown as { uri: string }).uri = b.url;
    } else {
      // A restart on the same address: the clients' own retries find it.
      const survivor = await node(new URL(a.url).port);
      target = { url: survivor.url, token: await botToken(survivor.url) };
    }
    const writtenBefore = accepted;
    await until(() => watchers.every((w) => w.back), 'every client re-joined on the survivor');
    console.log(`${CLIENTS} clients back on the survivor ${Date.now() - killedAt} ms after the kill`);
    await until(() => accepted >= writtenBefore + 5, 'writes went on after the storm');
    writing = false;
    await writer;

    const probe: ClientSocket = io(target.url, { transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(probe);
    await new Promise((r) => probe.once('connect', () => r(null)));
    const head = await joinRoom(probe, room);
    if (!head.ok) throw new Error('probe join failed');
    // A reply is two events (the entry and the case's counts).
    expect(head.lastSeq).toBeGreaterThanOrEqual(watchers[0]!.joinedAt! + 2 * accepted);
    await until(() => watchers.every((w) => w.seqs.at(-1) === head.lastSeq), 'every client reached the room head');
    for (const w of watchers) {
      expect(w.refetches).toBe(0);
      expect(w.seqs).toEqual(Array.from({ length: head.lastSeq - w.joinedAt! }, (_, i) => w.joinedAt! + 1 + i));
    }
  });
});
