import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { RoomEvent } from '@shared/socket';
import { adminLog, realtimeEvents } from '@server/db/schema';
import { createTestApp, joinRoom, unique, type TestApp } from '@server/test/harness';
import { countingCalls } from '@server/test/counting-calls';
import { newRow } from '@server/db/new-rows';
import { countedCases } from '@server/modules/cases/list';
import { openCaseCount } from '@server/modules/notifications/open-cases';
import { insertInOneStatement, inTransaction, lastSeqOf, numberPendingEvents, recordEvents, type EmittedEvent } from './outbox';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const room = () => `case:${Math.floor(Math.random() * 1e9) + 1}`;
const event = (r: string, userId: number): EmittedEvent => ({ room: r, name: 'user.updated', payload: { userId } });

async function stored(rooms: string[]) {
  return app.services.db
    .select({ room: realtimeEvents.room, seq: realtimeEvents.seq, payload: realtimeEvents.payload })
    .from(realtimeEvents)
    .where(inArray(realtimeEvents.room, rooms))
    .orderBy(asc(realtimeEvents.id));
}

/** Runs `work` counting the statements it sends through the database's `execute`; `instead` answers them in its place. */
async function countingStatements<T>(work: () => Promise<T>, instead?: () => Promise<unknown>): Promise<{ result: T; statements: number }> {
  const { result, calls } = await countingCalls(app.services.db, 'execute', work, instead);
  return { result, statements: calls };
}

describe('recording a transaction’s events', () => {
  it('numbers each room’s events in emit order, after what the room already had, in one statement', async () => {
    const [a, b] = [room(), room()];
    await app.services.db.transaction((tx) => recordEvents(tx, [event(a, 1)]));
    const recorded = await app.services.db.transaction((tx) => recordEvents(tx, [event(b, 2), event(a, 3), event(b, 4), event(a, 5), event(a, 6)]));
    expect(recorded.map((e) => [e.room, e.seq, (e.payload as { userId: number }).userId])).toEqual([
      [b, 1, 2],
      [a, 2, 3],
      [b, 2, 4],
      [a, 3, 5],
      [a, 4, 6],
    ]);
    expect(new Set(recorded.map((e) => e.at)).size).toBe(1);
    expect(await lastSeqOf(app.services.db, a)).toBe(4);
    expect(await lastSeqOf(app.services.db, b)).toBe(2);
    const rows = await stored([a, b]);
    expect(rows.map((r) => [r.room, r.seq, (r.payload as { userId: number }).userId])).toEqual([[a, 1, 1], ...recorded.map((e) => [e.room, e.seq, (e.payload as { userId: number }).userId])]);
  });

  it('stores site-wide rooms’ events unnumbered, beside numbered ones of the same change', async () => {
    const marker = Math.floor(Math.random() * 1e9);
    const a = room();
    const recorded = await app.services.db.transaction((tx) => recordEvents(tx, [event('all', marker), event(a, marker), event('staff', marker)]));
    expect(recorded.map((e) => [e.room, e.seq])).toEqual([
      ['all', null],
      [a, 1],
      ['staff', null],
    ]);
    const siteWide = await app.services.db
      .select({ room: realtimeEvents.room })
      .from(realtimeEvents)
      .where(and(inArray(realtimeEvents.room, ['all', 'staff']), eq(realtimeEvents.payload, { userId: marker })));
    expect(siteWide.map((r) => r.room).sort()).toEqual(['all', 'staff']);
  });

  it('records nothing for a transaction that emitted nothing, and nothing of one that rolled back', async () => {
    expect(await app.services.db.transaction((tx) => recordEvents(tx, []))).toEqual([]);
    const a = room();
    await expect(
      inTransaction(app.services, async ({ emit }) => {
        await emit(a, 'user.updated', { userId: 1 });
        throw new Error(unique('rollback'));
      }),
    ).rejects.toThrow();
    expect(await stored([a])).toEqual([]);
    expect(await lastSeqOf(app.services.db, a)).toBe(0);
  });

  it('writes a one-statement command’s rows and events together, or neither when a write fails', async () => {
    const a = room();
    const action = unique('one-statement');
    const write = (id?: number) => newRow(adminLog, { ...(id ? { id } : {}), actorId: 1, action, detail: {} });
    const published = await insertInOneStatement(app.services, [write(), write()], [event(a, 1), event(a, 2)]);
    expect(published.map((e) => [e.room, e.seq])).toEqual([
      [a, 1],
      [a, 2],
    ]);
    expect(await app.services.db.select().from(adminLog).where(eq(adminLog.action, action))).toHaveLength(2);
    expect((await stored([a])).map((r) => r.seq)).toEqual([1, 2]);

    // The same id twice: the second insert fails, and the first row, the events and the sequence are not kept.
    const [taken] = await app.services.db.select({ id: adminLog.id }).from(adminLog).where(eq(adminLog.action, action)).limit(1);
    const b = room();
    await expect(insertInOneStatement(app.services, [write(), write(taken!.id)], [event(b, 3)])).rejects.toThrow();
    expect(await app.services.db.select().from(adminLog).where(eq(adminLog.action, action))).toHaveLength(2);
    expect(await stored([b])).toEqual([]);
    expect(await lastSeqOf(app.services.db, b)).toBe(0);
  });

  it('writes concurrent one-statement commands together, and a failing one alone fails', async () => {
    const action = unique('together');
    const write = (id?: number) => newRow(adminLog, { ...(id ? { id } : {}), actorId: 1, action, detail: {} });
    const [seed] = await app.services.db.insert(adminLog).values({ actorId: 1, action: unique('taken'), detail: {} }).returning({ id: adminLog.id });
    const rooms = Array.from({ length: 10 }, () => room());
    // Command 6 inserts a row whose id is taken: its statement fails, the others' must not.
    const { result: outcomes, statements } = await countingStatements(() =>
      Promise.allSettled(rooms.map((r, i) => insertInOneStatement(app.services, [write(i === 6 ? seed!.id : undefined)], [event(r, i), event(r, i + 100)]))),
    );
    expect(outcomes.map((o) => o.status)).toEqual(rooms.map((_, i) => (i === 6 ? 'rejected' : 'fulfilled')));
    outcomes.forEach((o, i) => {
      if (o.status === 'fulfilled') expect(o.value.map((e) => [e.room, e.seq, (e.payload as { userId: number }).userId])).toEqual([[rooms[i], 1, i], [rooms[i], 2, i + 100]]);
    });
    // Sent in one turn, the ten shared one statement, which failed and was re-run one command at a time.
    expect(statements).toBe(1 + 10);
    expect(await app.services.db.select().from(adminLog).where(eq(adminLog.action, action))).toHaveLength(9);
    for (const [i, r] of rooms.entries()) {
      expect((await stored([r])).map((x) => x.seq)).toEqual(i === 6 ? [] : [1, 2]);
      expect(await lastSeqOf(app.services.db, r)).toBe(i === 6 ? 0 : 2);
    }
  });

  it('does not re-run shared commands one by one when the database itself failed them', async () => {
    const rooms = Array.from({ length: 5 }, () => room());
    const { result: outcomes, statements } = await countingStatements(
      () => Promise.allSettled(rooms.map((r, i) => insertInOneStatement(app.services, [], [event(r, i)]))),
      async () => {
        throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      },
    );
    expect(statements).toBe(1);
    expect(outcomes.map((o) => o.status === 'rejected' && (o.reason as { code?: string }).code)).toEqual(rooms.map(() => '57P01'));
  });

  it('shares one statement among concurrent commands that all succeed', async () => {
    const action = unique('shared');
    const rooms = Array.from({ length: 6 }, () => room());
    const { result: results, statements } = await countingStatements(() =>
      Promise.all(rooms.map((r, i) => insertInOneStatement(app.services, [newRow(adminLog, { actorId: 1, action, detail: { i } })], [event(r, i)]))),
    );
    // Sent in one turn: one statement for all six.
    expect(statements).toBe(1);
    expect(results.map((events) => events.map((e) => [e.room, e.seq]))).toEqual(rooms.map((r) => [[r, 1]]));
    expect(new Set(results.map((events) => events[0]!.at)).size).toBe(1);
    expect(await app.services.db.select().from(adminLog).where(eq(adminLog.action, action))).toHaveLength(6);
  });

  it('numbers concurrent writers of the same rooms (in opposite orders) without gaps, doubles or a deadlock', async () => {
    const [a, b] = [room(), room()];
    const writers = Array.from({ length: 12 }, (_, i) =>
      inTransaction(app.services, async ({ emit }) => {
        const [first, second] = i % 2 ? [a, b] : [b, a];
        await emit(first, 'user.updated', { userId: i });
        await emit(second, 'user.updated', { userId: i });
      }),
    );
    await Promise.all(writers);
    for (const r of [a, b]) {
      const rows = await stored([r]);
      expect(rows.map((x) => x.seq).sort((x, y) => x! - y!)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      expect(await lastSeqOf(app.services.db, r)).toBe(12);
    }
  });

  it('publishes after commit exactly what it stored', async () => {
    const a = room();
    const socket = await app.socket();
    const heard = new Promise<RoomEvent[]>((resolve) => socket.on('room:events', (events: RoomEvent[]) => events[0]?.room === a && resolve(events)));
    await joinRoom(socket, a);
    await inTransaction(app.services, async ({ emit }) => {
      await emit(a, 'user.updated', { userId: 7 });
      await emit(a, 'user.updated', { userId: 8 });
    });
    const events = await heard;
    expect(events.map((e) => [e.seq, e.payload])).toEqual((await stored([a])).map((r) => [r.seq, r.payload]));
  });

  it('the relay numbers site-wide events in the order they were stored, once each, and completes their payloads', async () => {
    const marker = Math.floor(Math.random() * 1e9);
    const db = app.services.db;
    await db.transaction((tx) => recordEvents(tx, [event('all', marker), event('staff', marker), event('all', marker + 1)]));
    await db.transaction((tx) => recordEvents(tx, [{ room: 'staff', name: 'cases.open', payload: { count: -1 } }, event('all', marker + 2)]));
    const ours = async () => {
      const rows = await db
        .select({ id: realtimeEvents.id, room: realtimeEvents.room, seq: realtimeEvents.seq, name: realtimeEvents.name, payload: realtimeEvents.payload })
        .from(realtimeEvents)
        .where(inArray(realtimeEvents.room, ['all', 'staff']))
        .orderBy(asc(realtimeEvents.id));
      const mine = rows.findIndex((r) => (r.payload as { userId?: number }).userId === marker);
      return rows.slice(mine);
    };
    // This node's relay may take some of them first (its sweep): each is numbered once either way.
    await expect.poll(async () => {
      await numberPendingEvents(db, { 'cases.open': openCaseCount });
      return (await ours()).every((r) => r.seq !== null);
    }).toBe(true);
    const rows = await ours();
    for (const r of ['all', 'staff']) {
      const seqs = rows.filter((x) => x.room === r).map((x) => x.seq!);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
      expect(new Set(seqs).size).toBe(seqs.length);
    }
    expect(rows.filter((r) => (r.payload as { userId?: number }).userId! >= marker && (r.payload as { userId?: number }).userId! <= marker + 2).map((r) => r.room)).toEqual(['all', 'staff', 'all', 'all']);
    const open = rows.find((r) => r.name === 'cases.open')!;
    expect(open.payload).toEqual({ count: await countedCases(db, '*', 0) });
    expect(await numberPendingEvents(db)).toEqual([]);
  });
});
