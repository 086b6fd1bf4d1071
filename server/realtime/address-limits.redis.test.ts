import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import type { JoinResult } from '@shared/socket';
import { LIMITS } from '@shared/limits';
import { describeWithRedis } from '@server/test/needs';
import { joinRoom, type ClientSocket } from '@server/test/harness';
import { createNodeSite, type NodeSite } from '@server/test/node-site';
import { startNode, type NodeProcess } from '@server/test/node-process';

/**
 * The realtime limits per client address hold for the site, not per node (docs/operations.md,
 * "Realtime limits per address"): with Redis, the joins of one address's sockets on two real nodes
 * draw on one budget.
 */
describeWithRedis('realtime limits per address, on two nodes', () => {
  let site: NodeSite;
  const nodes: NodeProcess[] = [];
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    site = await createNodeSite('al', { TRUST_PROXY: 'loopback' });
    nodes.push(await startNode(site.env), await startNode(site.env));
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    for (const n of nodes) await n.stop().catch(() => undefined);
    await site?.remove();
  });

  function connect(url: string, address: string): Promise<ClientSocket> {
    return new Promise((resolve, reject) => {
      const s: ClientSocket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, extraHeaders: { 'x-forwarded-for': address } });
      sockets.push(s);
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
  }

  /** Sockets of `address`, half on each node, enough that their own per-socket limit is never what stops them. */
  async function socketsOf(address: string) {
    const perNode = Math.ceil(LIMITS.roomJoinsPerAddress / LIMITS.roomJoinsPerWindow) + 1;
    return Promise.all(nodes.flatMap((n, node) => Array.from({ length: perNode }, async () => ({ node, socket: await connect(n.url, address) }))));
  }

  it(`lets one address join ${LIMITS.roomJoinsPerAddress} rooms in a window over both nodes together, then refuses it on either; another address joins`, async () => {
    const address = `198.51.100.${crypto.randomInt(1, 250)}`;
    const own = await socketsOf(address);
    let room = 7000;
    // Every socket asks, in turns, more than the address's budget in all: joins of fresh rooms (no replay).
    const answers: Array<{ node: number; answer: JoinResult }> = [];
    const perSocket = Math.floor(LIMITS.roomJoinsPerWindow / 2);
    const started = Date.now();
    await Promise.all(
      own.map(async ({ node, socket }) => {
        for (let k = 0; k < perSocket; k++) answers.push({ node, answer: await joinRoom(socket, `case:${++room}`, 0) });
      }),
    );
    const elapsed = Date.now() - started;
    expect(elapsed, 'the joins took longer than the window: the count would start again').toBeLessThan(LIMITS.addressJoinWindowS * 1000);
    expect(answers.length).toBeGreaterThan(LIMITS.roomJoinsPerAddress);
    const answered = answers.filter((a) => a.answer.ok);
    expect(answered).toHaveLength(LIMITS.roomJoinsPerAddress);
    const refused = answers.filter((a) => !a.answer.ok);
    expect(new Set(refused.map((a) => (a.answer as { code?: string }).code))).toEqual(new Set(['room.rateLimited']));
    // Refusals on both nodes, answers from both: one budget, not one per node.
    expect(new Set(answered.map((a) => a.node))).toEqual(new Set([0, 1]));
    expect(new Set(refused.map((a) => a.node))).toEqual(new Set([0, 1]));

    const other = await Promise.all(nodes.map((n) => connect(n.url, '203.0.113.9')));
    for (const socket of other) expect(await joinRoom(socket, `case:${++room}`, 0)).toMatchObject({ ok: true });
  }, 60_000);
});
