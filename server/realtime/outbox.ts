import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { RoomEvent, RoomEventMap, RoomEventName } from '@shared/socket';
import { realtimeEvents, roomSequences } from '@server/db/schema';
import type { Db, DbOrTx, Tx } from '@server/db/client';

/**
 * Records a realtime event inside the caller's transaction: the room's sequence is bumped under
 * its row lock, so events of one room are numbered without gaps in commit order.
 */
export async function recordEvent<K extends RoomEventName>(tx: DbOrTx, room: string, name: K, payload: RoomEventMap[K]): Promise<RoomEvent> {
  const [row] = await tx
    .insert(roomSequences)
    .values({ room, lastSeq: 1 })
    .onConflictDoUpdate({ target: roomSequences.room, set: { lastSeq: sql`${roomSequences.lastSeq} + 1` } })
    .returning({ seq: roomSequences.lastSeq });
  const seq = row!.seq;
  const [ev] = await tx.insert(realtimeEvents).values({ room, seq, name, payload }).returning({ createTime: realtimeEvents.createTime });
  return { room, seq, name, payload, at: ev!.createTime.toISOString() } as RoomEvent;
}

export async function lastSeqOf(db: DbOrTx, room: string): Promise<number> {
  const [row] = await db.select({ seq: roomSequences.lastSeq }).from(roomSequences).where(eq(roomSequences.room, room));
  return row?.seq ?? 0;
}

export async function eventsAfter(db: DbOrTx, room: string, afterSeq: number, limit: number): Promise<RoomEvent[]> {
  const rows = await db
    .select()
    .from(realtimeEvents)
    .where(and(eq(realtimeEvents.room, room), gt(realtimeEvents.seq, afterSeq)))
    .orderBy(asc(realtimeEvents.seq))
    .limit(limit);
  return rows.map((r) => ({ room: r.room, seq: r.seq, name: r.name, payload: r.payload, at: r.createTime.toISOString() }) as RoomEvent);
}

/** What a command does inside its transaction: write rows, and record the events they cause. */
export interface Recorder {
  tx: Tx;
  emit<K extends RoomEventName>(room: string, name: K, payload: RoomEventMap[K]): Promise<void>;
  /** Work that must follow the commit (queueing jobs for rows written here); never runs on rollback. */
  afterCommit(fn: () => Promise<unknown> | unknown): void;
}

/**
 * Runs `work` in one transaction and publishes its events only after commit
 * (Outline's transactional events): a rolled-back change never reaches a socket.
 */
export async function inTransaction<T>(db: Db, publish: (events: RoomEvent[]) => void, work: (r: Recorder) => Promise<T>): Promise<T> {
  const events: RoomEvent[] = [];
  const after: Array<() => Promise<unknown> | unknown> = [];
  const result = await db.transaction(async (tx) =>
    work({
      tx,
      emit: async (room, name, payload) => {
        events.push(await recordEvent(tx, room, name, payload));
      },
      afterCommit: (fn) => void after.push(fn),
    }),
  );
  if (events.length) publish(events);
  // What these queue is also in the database: a failure here is caught up by a sweep, not lost.
  for (const fn of after) await Promise.resolve().then(fn).catch(() => undefined);
  return result;
}
