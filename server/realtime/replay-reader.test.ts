import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLAY_LIMIT, type RoomEvent } from '@shared/socket';
import { createTestApp, type TestApp } from '@server/test/harness';
import { eventsAfter, lastSeqOf, recordEvents } from '../db/outbox';
import { createReplayReader, type ReplaySource } from './replay-reader';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const room = () => `case:${Math.floor(Math.random() * 1e9) + 1}`;

/** The database's own reads, counted. */
function countedSource() {
  const calls = { lastSeq: 0, eventsAfter: 0 };
  const source: ReplaySource = {
    lastSeq: (r) => (calls.lastSeq++, lastSeqOf(app.services.db, r)),
    eventsAfter: (r, after, limit) => (calls.eventsAfter++, eventsAfter(app.services.db, r, after, limit)),
  };
  return { calls, source };
}

async function history(r: string, n: number) {
  const events = Array.from({ length: n }, (_, i) => ({ room: r, name: 'user.updated' as const, payload: { userId: i + 1 } }));
  await app.services.db.transaction((tx) => recordEvents(tx, events));
}

describe('replays read for re-joins', () => {
  it('answer each waiter exactly the events after its own last one, however many ask at once, with one read of the room at a time', async () => {
    const r = room();
    await history(r, 30);
    const { calls, source } = countedSource();
    const read = createReplayReader(source);
    const sinces = [0, 29, 30, 12, 5, 31, Infinity, 12, 1, 28];
    const answers = await Promise.all(sinces.map((since) => read(r, since)));
    const all = await eventsAfter(app.services.db, r, 0, 100);
    answers.forEach((a, k) => {
      expect(a.current).toBe(30);
      expect(a.missed).toEqual(all.filter((e: RoomEvent) => e.seq > sinces[k]!));
    });
    // The first asker's read starts at once; everyone who asked meanwhile shares the next one.
    expect(calls.lastSeq).toBeLessThanOrEqual(2);
    expect(calls.eventsAfter).toBeLessThanOrEqual(2);
  });

  it('give nothing to replay to a waiter further behind than the replay limit, beside others it still serves', async () => {
    const r = room();
    await history(r, REPLAY_LIMIT + 3);
    const read = createReplayReader(countedSource().source);
    const [far, near] = await Promise.all([read(r, 1), read(r, REPLAY_LIMIT + 1)]);
    expect(far).toEqual({ current: REPLAY_LIMIT + 3, missed: [] });
    expect(near.missed.map((e) => e.seq)).toEqual([REPLAY_LIMIT + 2, REPLAY_LIMIT + 3]);
  });

  it('see what was committed after they asked, and rooms are read apart', async () => {
    const [a, b] = [room(), room()];
    await history(a, 2);
    const read = createReplayReader(countedSource().source);
    expect((await read(a, 0)).current).toBe(2);
    await history(a, 3);
    await history(b, 1);
    const [againA, firstB] = await Promise.all([read(a, 2), read(b, 0)]);
    expect(againA.missed.map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(firstB.missed.map((e) => e.seq)).toEqual([1]);
  });

  it('pass a failed read to the waiters of that read only; the next read serves the next waiters', async () => {
    const r = room();
    await history(r, 1);
    const { source } = countedSource();
    let fail = true;
    const read = createReplayReader({ ...source, lastSeq: (x) => (fail ? ((fail = false), Promise.reject(new Error('connection lost'))) : source.lastSeq(x)) });
    await expect(read(r, 0)).rejects.toThrow('connection lost');
    expect((await read(r, 0)).missed.map((e) => e.seq)).toEqual([1]);
  });
});
