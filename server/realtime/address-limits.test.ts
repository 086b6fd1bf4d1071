import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { REPLAY_LIMIT, type JoinResult } from '@shared/socket';
import { LIMITS } from '@shared/limits';
import { roomSequences } from '@server/db/schema';
import { collectEvents, createTestApp, joinRoom, type ClientSocket, type TestApp } from '@server/test/harness';
import { inTransaction } from '../db/outbox';
import { io } from 'socket.io-client';
import { RealtimeClient } from '@client/realtime/RealtimeClient';

/**
 * The realtime limits per client address (docs/operations.md, "Realtime limits per address"):
 * many sockets of one address share one budget of joins and of replayed events, and a node holds
 * a bounded number of them; the address is the one HTTP requests get, through TRUST_PROXY.
 */

let caseId = 5000;
const freshCaseRoom = () => `case:${++caseId}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A room whose history is `n` stored events, numbered 1..n. */
async function roomWithHistory(app: TestApp, n: number) {
  const room = freshCaseRoom();
  await app.services.db.execute(sql`
    INSERT INTO realtime_events (room, seq, name, payload)
    SELECT ${room}, g, 'user.updated', jsonb_build_object('userId', g) FROM generate_series(1, ${n}::int) AS g`);
  await app.services.db.insert(roomSequences).values({ room, lastSeq: n });
  return room;
}

/** Full replays of a room until the address's budget of replayed events is spent: the joins that were answered. */
async function replayUntilRefused(app: TestApp, room: string, forwardedFor: () => string | null) {
  const answers: JoinResult[] = [];
  const budget = Math.ceil(LIMITS.replayedEventsPerAddress / REPLAY_LIMIT);
  for (let i = 0; i <= budget; i++) answers.push(await joinRoom(await app.socket(undefined, { forwardedFor: forwardedFor() }), room, 0));
  return answers;
}

const refusal = (room: string) => ({ ok: false, room, code: 'room.rateLimited', retryAfterMs: expect.any(Number) });

describe('behind a trusted proxy (TRUST_PROXY=loopback): the forwarded address counts', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  });
  afterAll(() => app?.close());

  it(`refuses an address's joins past ${LIMITS.roomJoinsPerAddress} in a window, however many sockets it spreads them over; another address joins`, async () => {
    const address = '203.0.113.10';
    // Most of the window's joins spent beforehand, so the rest surely fall in the same window on a slow machine.
    const left = 20;
    await app.services.rateLimiters.roomJoins.penalty(address, LIMITS.roomJoinsPerAddress - left);
    const sockets = await Promise.all(Array.from({ length: 5 }, () => app.socket(undefined, { forwardedFor: address })));
    const answers = (
      await Promise.all(
        sockets.map(async (s) => {
          const mine: JoinResult[] = [];
          for (let i = 0; i < 2 * (left / sockets.length); i++) mine.push(await joinRoom(s, 'all'));
          return mine;
        }),
      )
    ).flat();
    expect(answers.filter((a) => a.ok)).toHaveLength(left);
    const refused = answers.filter((a) => !a.ok);
    expect(refused).toHaveLength(left);
    for (const a of refused) expect(a).toEqual(refusal('all'));
    const wait = (refused[0] as { retryAfterMs: number }).retryAfterMs;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(LIMITS.addressJoinWindowS * 1000);

    expect(await joinRoom(await app.socket(undefined, { forwardedFor: '203.0.113.11' }), 'all')).toMatchObject({ ok: true });
  });

  it(`refuses a join whose replay would pass the address's ${LIMITS.replayedEventsPerAddress} replayed events, and leaves that socket out of the room; another address gets its replay`, async () => {
    const room = await roomWithHistory(app, REPLAY_LIMIT);
    const answers = await replayUntilRefused(app, room, () => '203.0.113.20');
    expect(answers.slice(0, -1).every((a) => a.ok && a.replayed === REPLAY_LIMIT)).toBe(true);
    expect(answers.at(-1)).toEqual(refusal(room));

    const refused = await app.socket(undefined, { forwardedFor: '203.0.113.20' });
    const seen = collectEvents(refused);
    expect(await joinRoom(refused, room, 0)).toEqual(refusal(room));
    await inTransaction(app.services, ({ emit }) => emit(room, 'user.updated', { userId: 1 }));
    const other = await app.socket(undefined, { forwardedFor: '203.0.113.21' });
    const otherSeen = collectEvents(other);
    expect(await joinRoom(other, room, 1)).toEqual({ ok: true, room, lastSeq: REPLAY_LIMIT + 1, replayed: REPLAY_LIMIT });
    await expect.poll(() => otherSeen.length).toBe(REPLAY_LIMIT);
    await sleep(200);
    expect(seen).toEqual([]);
  });

  it(`holds at most ${LIMITS.socketsPerAddressMax} sockets of one address on a node; another address connects, and a closed socket frees its place`, async () => {
    const address = '203.0.113.30';
    const sockets: ClientSocket[] = [];
    for (let i = 0; i < LIMITS.socketsPerAddressMax; i += 50) {
      sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, LIMITS.socketsPerAddressMax - i) }, () => app.socket(undefined, { forwardedFor: address })))));
    }
    await expect(app.socket(undefined, { forwardedFor: address })).rejects.toMatchObject({ message: 'request.rateLimited', data: { code: 'request.rateLimited' } });
    expect((await app.socket(undefined, { forwardedFor: '203.0.113.31' })).connected).toBe(true);

    sockets.pop()!.disconnect();
    await expect.poll(async () => (await app.socket(undefined, { forwardedFor: address }).then(() => true, () => false))).toBe(true);
    for (const s of sockets) s.disconnect();
  });
});

describe('the web client refused a join', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  it('asks again once the window is over, not before, and is then in the room', { timeout: 40_000 }, async () => {
    const address = '203.0.113.40';
    await app.services.rateLimiters.roomJoins.penalty(address, LIMITS.roomJoinsPerAddress);
    const sockets: ClientSocket[] = [];
    const client = new RealtimeClient({
      openSocket: (options) => {
        const socket: ClientSocket = io(app.url, { ...options, transports: ['websocket'], forceNew: true, extraHeaders: { 'x-forwarded-for': address } });
        sockets.push(socket);
        return socket;
      },
    });
    const answers: Array<{ at: number; result: JoinResult }> = [];
    const seen: number[] = [];
    const leave = client.join('all', { onEvent: (e) => seen.push(e.seq), onJoin: (result) => answers.push({ at: Date.now(), result }) });
    try {
      await expect.poll(() => answers.length, { timeout: 10_000 }).toBe(1);
      const [refused] = answers;
      expect(refused!.result).toEqual(refusal('all'));
      await expect.poll(() => answers.length, { timeout: 30_000, interval: 200 }).toBe(2);
      expect(answers[1]!.result).toMatchObject({ ok: true, room: 'all' });
      expect(answers[1]!.at - refused!.at).toBeGreaterThanOrEqual((refused!.result as { retryAfterMs: number }).retryAfterMs - 50);
      await inTransaction(app.services, ({ emit }) => emit('all', 'user.updated', { userId: 1 }));
      await expect.poll(() => seen.length).toBe(1);
    } finally {
      leave();
      for (const s of sockets) s.disconnect();
    }
  });
});

describe('X-Forwarded-For from a peer that is not trusted (TRUST_PROXY=false)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { TRUST_PROXY: 'false' } });
  });
  afterAll(() => app?.close());

  it("counts every socket by its connection's own address, whatever address its header names", async () => {
    const room = await roomWithHistory(app, REPLAY_LIMIT);
    let n = 0;
    const answers = await replayUntilRefused(app, room, () => `198.51.100.${++n}`);
    expect(answers.slice(0, -1).every((a) => a.ok)).toBe(true);
    expect(answers.at(-1)).toEqual(refusal(room));
  });
});
