import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { adminLog, realtimeEvents } from '@server/db/schema';
import { createTestApp, unique, type TestApp } from '@server/test/harness';
import type { Recorder } from './outbox';
import { inSharedTransaction } from './shared-transaction';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const room = () => `case:${Math.floor(Math.random() * 1e9) + 1}`;

/**
 * The app's services with a database of their own, which counts the transactions begun through it
 * and, while `down`, answers them as a database gone would: other work of the node (the relay
 * numbering events) goes on through the real one, uncounted. Lanes are per database object.
 */
function servicesCountingTransactions() {
  const real = app.services.db;
  const state = { begun: 0, down: false };
  const db = Object.create(real, {
    transaction: {
      value: (...args: Parameters<typeof real.transaction>) => {
        state.begun++;
        if (state.down) return Promise.reject(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }));
        return real.transaction(...args);
      },
    },
  }) as typeof real;
  return { services: { ...app.services, db }, state };
}

/** The transactions the commands of each action ran in (their ids), whatever else the node did meanwhile. */
const ranIn = new Map<string, Set<string>>();
const noteTransaction = async (action: string, rec: Recorder) => {
  const { rows } = (await rec.tx.execute(sql`select txid_current()::text as id`)) as unknown as { rows: Array<{ id: string }> };
  ranIn.set(action, (ranIn.get(action) ?? new Set()).add(rows[0]!.id));
};
const transactionsOf = (action: string) => ranIn.get(action)?.size ?? 0;

/** A command on `r`oom: counts the rows of `action` it sees, adds one, and tells the room. */
const command =
  (action: string, r: string, i: number, fail = false) =>
  async ({ tx, emit }: Recorder) => {
    await noteTransaction(action, { tx } as Recorder);
    const [seen] = await tx.select({ n: count() }).from(adminLog).where(eq(adminLog.action, action));
    await tx.insert(adminLog).values({ actorId: 1, action, detail: { i } });
    if (fail) throw new Error(`command ${i} refuses after writing`);
    await emit(r, 'user.updated', { userId: i });
    return seen!.n;
  };

/** A promise and the function that settles it: a gate the test opens when it chooses. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const rowsOf = async (action: string) => (await app.services.db.select({ detail: adminLog.detail }).from(adminLog).where(eq(adminLog.action, action)).orderBy(asc(adminLog.id))).map((row) => (row.detail as { i: number }).i);
const eventsOf = async (rooms: string[]) =>
  (await app.services.db.select({ room: realtimeEvents.room, seq: realtimeEvents.seq, payload: realtimeEvents.payload }).from(realtimeEvents).where(inArray(realtimeEvents.room, rooms)).orderBy(asc(realtimeEvents.id))).map(
    (e) => [e.room, e.seq, (e.payload as { userId: number }).userId],
  );

describe('commands on one key sharing a transaction', () => {
  it('run together one after the other, each seeing the writes of those before it, with their events numbered in arrival order', async () => {
    const [actionA, actionB] = [unique('lane-a'), unique('lane-b')];
    const [a, b] = [room(), room()];
    const result = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => inSharedTransaction(app.services, a, command(actionA, a, i))),
      ...Array.from({ length: 3 }, (_, i) => inSharedTransaction(app.services, b, command(actionB, b, 10 + i))),
    ]);
    // Sent in one turn: one transaction per key, and each command counted the ones before it.
    expect([transactionsOf(actionA), transactionsOf(actionB)]).toEqual([1, 1]);
    expect(result).toEqual([0, 1, 2, 3, 4, 5, 0, 1, 2]);
    expect(await rowsOf(actionA)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await eventsOf([a])).toEqual([0, 1, 2, 3, 4, 5].map((i) => [a, i + 1, i]));
    expect(await eventsOf([b])).toEqual([0, 1, 2].map((i) => [b, i + 1, 10 + i]));

    // A command sent while a batch is written waits for it, then goes with the others that waited.
    const action = unique('lane-later');
    const c = room();
    const first = inSharedTransaction(app.services, c, command(action, c, 0));
    await new Promise((resolve) => setImmediate(resolve));
    const later = await Promise.all([first, ...[1, 2, 3].map((i) => inSharedTransaction(app.services, c, command(action, c, i)))]);
    expect(later).toEqual([0, 1, 2, 3]);
    expect(transactionsOf(action)).toBe(2);
    expect(await eventsOf([c])).toEqual([0, 1, 2, 3].map((i) => [c, i + 1, i]));
  });

  it('fails only the command that throws: its batch-mates commit, each run once, and nothing of the failing ones is kept', async () => {
    const action = unique('lane-fail');
    const r = room();
    const runs = [0, 0, 0, 0, 0, 0];
    const afterCommits: number[] = [];
    /** Command `i`, counted each time it runs; 2 fails on the database (the transaction is aborted until rolled back), 3 on a check. */
    const counted = (i: number) => async (rec: Recorder) => {
      runs[i]!++;
      rec.afterCommit(() => void afterCommits.push(i));
      if (i === 2) {
        await noteTransaction(action, rec);
        await rec.emit(r, 'user.updated', { userId: i });
        await rec.tx.insert(adminLog).values({ actorId: 1, action, detail: { i } });
        await rec.tx.execute(sql`select 1 / 0`);
      }
      if (i === 3) await rec.emit(r, 'user.updated', { userId: i });
      return command(action, r, i, i === 3)(rec);
    };
    // Command 0 holds the key's lane until the gate opens; 1-5 arrive meanwhile and wait to go together.
    const started = gate();
    const release = gate();
    const first = inSharedTransaction(app.services, r, async (rec) => {
      started.open();
      await release.opened;
      return counted(0)(rec);
    });
    await started.opened;
    const rest = [1, 2, 3, 4, 5].map((i) => inSharedTransaction(app.services, r, counted(i)));
    release.open();
    const outcomes = await Promise.allSettled([first, ...rest]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'fulfilled', 'fulfilled']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ cause: { code: '22012' } });
    expect((outcomes[3] as PromiseRejectedResult).reason).toMatchObject({ message: 'command 3 refuses after writing' });
    // Each saw the rows of those committed before it, none of the failed ones'.
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : null))).toEqual([0, 1, null, null, 2, 3]);
    // Command 0's transaction, then one for the five: none ran twice.
    expect(transactionsOf(action)).toBe(2);
    expect(runs).toEqual([1, 1, 1, 1, 1, 1]);
    expect(afterCommits).toEqual([0, 1, 4, 5]);
    expect(await rowsOf(action)).toEqual([0, 1, 4, 5]);
    expect(await eventsOf([r])).toEqual([0, 1, 4, 5].map((i, k) => [r, k + 1, i]));
  });

  it('fails them all at once when the database itself is unavailable', async () => {
    const action = unique('lane-down');
    const r = room();
    const { services, state } = servicesCountingTransactions();
    state.down = true;
    const outcomes = await Promise.allSettled(Array.from({ length: 4 }, (_, i) => inSharedTransaction(services, r, command(action, r, i))));
    expect(outcomes.every((o) => o.status === 'rejected' && (o.reason as { code?: string }).code === '57P01')).toBe(true);
    expect(state.begun).toBe(1);
    expect(await rowsOf(action)).toEqual([]);
    // The key is free again afterwards.
    state.down = false;
    await expect(inSharedTransaction(services, r, command(action, r, 9))).resolves.toBe(0);
  });
});
