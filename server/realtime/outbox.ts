import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { RoomEvent, RoomEventMap, RoomEventName } from '@shared/socket';
import { realtimeEvents, roomSequences } from '@server/db/schema';
import type { Db, DbOrTx, Tx } from '@server/db/client';

/**
 * Rooms every writer of the site reaches (the feed, the staff room). Numbering their events in the
 * writer's transaction would hold one row lock from the first event to the commit and serialise
 * every report, judgement, appeal and sign-up of the site: their events are stored unnumbered and
 * the relay numbers them right after commit instead.
 */
export const SITE_WIDE_ROOMS: ReadonlySet<string> = new Set(['all', 'staff']);

/** An event written in a transaction; `seq` is null until the relay numbers it (site-wide rooms). */
export type RecordedEvent = RoomEvent | (Omit<RoomEvent, 'seq'> & { seq: null });

/**
 * The statement that raises rooms' sequences by counts (`source` yields `room, n`) and returns each
 * room's new `last_seq`: rooms in a fixed order, so two writers never wait on each other's rows in a circle.
 */
const raiseSequences = (source: SQL) => sql`
  insert into ${roomSequences} (${sql.identifier('room')}, ${sql.identifier('last_seq')})
  select room, n from ${source} order by room
  on conflict (${sql.identifier('room')}) do update set ${sql.identifier('last_seq')} = ${roomSequences.lastSeq} + excluded.last_seq
  returning ${sql.identifier('room')}, ${sql.identifier('last_seq')}`;

/** An event a transaction emitted, recorded with the others just before its commit. */
export interface EmittedEvent<K extends RoomEventName = RoomEventName> {
  room: string;
  name: K;
  payload: RoomEventMap[K];
}

/**
 * Records a transaction's events in one statement (one round trip however many there are), in
 * the order they were emitted. A room's own events (a case, a user, a chat) take the room's
 * sequence: each room's row is raised once by its count (`raiseSequences`) and stays locked until
 * commit, so a room is numbered without gaps in commit order. Site-wide rooms are stored unnumbered
 * for the relay. Recorded last, the sequence rows are held only for the commit itself, not for the
 * writer's whole work.
 */
export async function recordEvents(tx: DbOrTx, emitted: EmittedEvent[]): Promise<RecordedEvent[]> {
  if (!emitted.length) return [];
  const input = JSON.stringify(emitted.map((e, ord) => ({ ord, room: e.room, name: e.name, payload: e.payload, numbered: !SITE_WIDE_ROOMS.has(e.room) })));
  const result = await tx.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as x(ord int, room text, name text, payload jsonb, numbered boolean)
    ),
    counts as (
      select room, count(*)::bigint as n from input where numbered group by room
    ),
    raised as (${raiseSequences(sql`counts`)}),
    stored as (
      insert into ${realtimeEvents} (${sql.identifier('room')}, ${sql.identifier('seq')}, ${sql.identifier('name')}, ${sql.identifier('payload')})
      select i.room, r.last_seq - c.n + row_number() over (partition by i.room order by i.ord), i.name, i.payload
      from input i left join raised r on r.room = i.room and i.numbered left join counts c on c.room = i.room and i.numbered
      order by i.ord
      returning 1
    )
    select r.room, r.last_seq, now()::timestamptz(3) as at from (select 1) as one left join raised r on true`);
  const rows = (result as unknown as { rows: Array<{ room: string | null; last_seq: number | string | null; at: Date | string }> }).rows;
  const at = new Date(rows[0]!.at).toISOString();
  // A room's events take its last numbers, in the order they were emitted.
  const counts = new Map<string, number>();
  for (const e of emitted) counts.set(e.room, (counts.get(e.room) ?? 0) + 1);
  const next = new Map<string, number>();
  for (const row of rows) if (row.room !== null) next.set(row.room, Number(row.last_seq) - counts.get(row.room)! + 1);
  return emitted.map((e) => {
    if (SITE_WIDE_ROOMS.has(e.room)) return { room: e.room, seq: null, name: e.name, payload: e.payload, at } as RecordedEvent;
    const seq = next.get(e.room)!;
    next.set(e.room, seq + 1);
    return { room: e.room, seq, name: e.name, payload: e.payload, at } as RoomEvent;
  });
}

/** Payloads completed when an event is numbered: a count read then is never older than an earlier event's. */
export type Finalizers = { [K in RoomEventName]?: (tx: Tx) => Promise<RoomEventMap[K]> };

const RELAY_BATCH = 500;

/**
 * Numbers the stored events that have no sequence yet, oldest first, in one short transaction
 * (rows taken with SKIP LOCKED, so relays of several nodes share the work), and returns them
 * for publishing. Each room's sequence row is locked only for this moment.
 */
export async function numberPendingEvents(db: Db, finalizers: Finalizers = {}): Promise<RoomEvent[]> {
  return db.transaction(async (tx) => {
    const pending = await tx
      .select({ id: realtimeEvents.id, room: realtimeEvents.room, name: realtimeEvents.name, payload: realtimeEvents.payload, createTime: realtimeEvents.createTime })
      .from(realtimeEvents)
      .where(sql`${realtimeEvents.seq} is null`)
      .orderBy(asc(realtimeEvents.id))
      .limit(RELAY_BATCH)
      .for('update', { skipLocked: true });
    if (!pending.length) return [];
    const byRoom = new Map<string, typeof pending>();
    for (const ev of pending) {
      const list = byRoom.get(ev.room);
      if (list) list.push(ev);
      else byRoom.set(ev.room, [ev]);
    }
    const counts = JSON.stringify([...byRoom].map(([room, events]) => ({ room, n: events.length })));
    const raised = (await tx.execute(raiseSequences(sql`jsonb_to_recordset(${counts}::jsonb) as x(room text, n bigint)`))) as unknown as {
      rows: Array<{ room: string; last_seq: number | string }>;
    };
    const lastOf = new Map(raised.rows.map((r) => [r.room, Number(r.last_seq)]));
    const numbered: RoomEvent[] = [];
    const assigned: Array<{ id: number; seq: number; payload?: unknown }> = [];
    for (const [room, events] of byRoom) {
      let seq = lastOf.get(room)! - events.length;
      for (const ev of events) {
        seq += 1;
        const finalize = finalizers[ev.name as RoomEventName] as ((tx: Tx) => Promise<unknown>) | undefined;
        const payload = finalize ? await finalize(tx) : ev.payload;
        assigned.push(finalize ? { id: ev.id, seq, payload } : { id: ev.id, seq });
        numbered.push({ room, seq, name: ev.name, payload, at: ev.createTime.toISOString() } as RoomEvent);
      }
    }
    await tx.execute(sql`
      update ${realtimeEvents} set ${sql.identifier('seq')} = v.seq, ${sql.identifier('payload')} = coalesce(v.payload, ${realtimeEvents.payload})
      from jsonb_to_recordset(${JSON.stringify(assigned)}::jsonb) as v(id bigint, seq bigint, payload jsonb)
      where ${realtimeEvents.id} = v.id`);
    return numbered;
  });
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
  return rows.map((r) => ({ room: r.room, seq: r.seq!, name: r.name, payload: r.payload, at: r.createTime.toISOString() }) as RoomEvent);
}

/** What a command does inside its transaction: write rows, and record the events they cause. */
export interface Recorder {
  tx: Tx;
  /** Records an event with the transaction's others, in one statement just before commit (see `recordEvents`). */
  emit<K extends RoomEventName>(room: string, name: K, payload: RoomEventMap[K]): Promise<void>;
  /** Work that must follow the commit (queueing jobs for rows written here); never runs on rollback. */
  afterCommit(fn: () => Promise<unknown> | unknown): void;
}

/** Pushes committed events to sockets; unnumbered ones wake the relay. */
export type Publish = (events: RecordedEvent[]) => void;

/** What a transaction needs of the services: the database, the publisher, and a log for after-commit failures. */
export interface TransactionDeps {
  db: Db;
  publish: Publish;
  log: { error(obj: object, msg: string): void };
}

/**
 * Runs `work` in one transaction and publishes its events only after commit
 * (Outline's transactional events): a rolled-back change never reaches a socket.
 */
export async function inTransaction<T>({ db, publish, log }: TransactionDeps, work: (r: Recorder) => Promise<T>): Promise<T> {
  let events: RecordedEvent[] = [];
  const after: Array<() => Promise<unknown> | unknown> = [];
  const result = await db.transaction(async (tx) => {
    const emitted: EmittedEvent[] = [];
    const value = await work({
      tx,
      emit: async (room, name, payload) => void emitted.push({ room, name, payload }),
      afterCommit: (fn) => void after.push(fn),
    });
    events = await recordEvents(tx, emitted);
    return value;
  });
  if (events.length) publish(events);
  // What these queue is also in the database: a failure here is caught up by a sweep, but it is told.
  for (const fn of after) {
    await Promise.resolve()
      .then(fn)
      .catch((err: unknown) => log.error({ err }, 'after-commit work failed; its sweep will catch up'));
  }
  return result;
}
