import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { RoomEvent, RoomEventMap, RoomEventName } from '@shared/socket';
import { realtimeEvents, roomSequences } from '@server/db/schema';
import type { Db, DbOrTx, Tx } from '@server/db/client';
import { coalesce, SHARED_STATEMENTS } from '@server/db/coalesce';
import { isUnavailable } from '@server/db/errors';
import { insertRows, type NewRow } from '@server/db/new-rows';

/**
 * Rooms every writer of the site reaches (the activity feed, the staff room, the ban-list feed of
 * every case's changes). Numbering their events in the writer's transaction would hold one row
 * lock from the first event to the commit and serialise the site's writers: their events are
 * stored unnumbered and the relay numbers them right after commit instead. An event is numbered
 * only once its writer committed, and the relay's passes take the room's sequence row in turn, so
 * such a room's numbers too have no gaps and are seen in order: a reader that has seen number n
 * has seen every number below it.
 */
export const SITE_WIDE_ROOMS: ReadonlySet<string> = new Set(['all', 'staff', 'feed:cases']);

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
 * Records a transaction's events in one statement (one round trip however many there are), with
 * `writes` (data-modifying statements that cause them) run in the same statement, in
 * the order they were emitted. A room's own events (a case, a user, a chat) take the room's
 * sequence: each room's row is raised once by its count (`raiseSequences`) and stays locked until
 * commit, so a room is numbered without gaps in commit order. Site-wide rooms are stored unnumbered
 * for the relay. Recorded last, the sequence rows are held only for the commit itself, not for the
 * writer's whole work.
 */
export async function recordEvents(tx: DbOrTx, emitted: EmittedEvent[], writes: SQL[] = []): Promise<RecordedEvent[]> {
  if (!emitted.length && !writes.length) return [];
  const input = JSON.stringify(emitted.map((e, ord) => ({ ord, room: e.room, name: e.name, payload: e.payload, numbered: !SITE_WIDE_ROOMS.has(e.room) })));
  // Data-modifying CTEs run once and to completion even when nothing reads them.
  const written = writes.map((write, i) => sql`${sql.identifier(`written_${i}`)} as (${write}),`);
  const result = await tx.execute(sql`
    with ${sql.join(written, sql` `)} input as (
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

/** At most this many events per relay pass; a fuller pass is followed by another at once. */
export const RELAY_BATCH = 500;

/**
 * Numbers the stored events that have no sequence yet, oldest first, and returns them for
 * publishing: one statement takes them (SKIP LOCKED, so relays of several nodes share the work),
 * raises their rooms' sequences (`raiseSequences`) and numbers them in id order. Payloads with a
 * finalizer are then completed in the same short transaction, while their room's sequence row is
 * locked: a later event never carries an older reading.
 */
export async function numberPendingEvents(db: Db, finalizers: Finalizers = {}): Promise<RoomEvent[]> {
  return db.transaction(async (tx) => {
    const result = (await tx.execute(sql`
      with pending as (
        select ${realtimeEvents.id} as id, ${realtimeEvents.room} as room from ${realtimeEvents}
        where ${realtimeEvents.seq} is null order by ${realtimeEvents.id} limit ${RELAY_BATCH} for update skip locked
      ),
      counts as (select room, count(*)::bigint as n from pending group by room),
      raised as (${raiseSequences(sql`counts`)}),
      numbered as (
        select p.id, r.last_seq - c.n + row_number() over (partition by p.room order by p.id) as seq
        from pending p join counts c on c.room = p.room join raised r on r.room = p.room
      )
      update ${realtimeEvents} set ${sql.identifier('seq')} = numbered.seq from numbered where ${realtimeEvents.id} = numbered.id
      returning ${realtimeEvents.id} as id, ${realtimeEvents.room} as room, ${realtimeEvents.seq} as seq, ${realtimeEvents.name} as name, ${realtimeEvents.payload} as payload, ${realtimeEvents.createTime} as at`)) as unknown as {
      rows: Array<{ id: number | string; room: string; seq: number | string; name: RoomEventName; payload: unknown; at: Date | string }>;
    };
    const rows = result.rows.sort((a, b) => Number(a.id) - Number(b.id));
    const finalized = new Map<RoomEventName, unknown>();
    for (const row of rows) {
      const finalize = finalizers[row.name] as ((tx: Tx) => Promise<unknown>) | undefined;
      if (finalize && !finalized.has(row.name)) finalized.set(row.name, await finalize(tx));
    }
    const completed = rows.filter((row) => finalized.has(row.name)).map((row) => ({ id: Number(row.id), payload: finalized.get(row.name) }));
    if (completed.length) {
      await tx.execute(sql`
        update ${realtimeEvents} set ${sql.identifier('payload')} = v.payload
        from jsonb_to_recordset(${JSON.stringify(completed)}::jsonb) as v(id bigint, payload jsonb) where ${realtimeEvents.id} = v.id`);
    }
    return rows.map((row) => ({ room: row.room, seq: Number(row.seq), name: row.name, payload: finalized.has(row.name) ? finalized.get(row.name) : row.payload, at: new Date(row.at).toISOString() }) as RoomEvent);
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

/**
 * Drops the cached answers the committed events change (on every node) and pushes the events to
 * sockets; unnumbered ones wake the relay. A write answers once it settled.
 */
export type Publish = (events: RecordedEvent[]) => Promise<void>;

/** What a transaction needs of the services: the database, the publisher, and a log for after-commit failures. */
export interface TransactionDeps {
  db: Db;
  publish: Publish;
  log: { error(obj: object, msg: string): void };
}

interface InsertCommand {
  rows: NewRow[];
  emitted: EmittedEvent[];
}

/** Several commands' rows and events in one statement (a table's rows in one insert); each command's events, in order. */
async function recordTogether(db: Db, commands: InsertCommand[]): Promise<RecordedEvent[][]> {
  const events = await recordEvents(db, commands.flatMap((c) => c.emitted), insertRows(commands.flatMap((c) => c.rows)));
  let from = 0;
  return commands.map((c) => events.slice(from, (from += c.emitted.length)));
}

/** One combiner per database (see `insertInOneStatement`). */
const combiners = new WeakMap<Db, (command: InsertCommand) => Promise<PromiseSettledResult<RecordedEvent[]>>>();

function combinerFor(db: Db, publish: Publish) {
  let combine = combiners.get(db);
  if (!combine) {
    combine = coalesce<InsertCommand, PromiseSettledResult<RecordedEvent[]>>(
      async (commands) => {
        let settled: PromiseSettledResult<RecordedEvent[]>[];
        try {
          settled = (await recordTogether(db, commands)).map((value) => ({ status: 'fulfilled', value }));
        } catch (err) {
          // One command's failure fails the statement: each is written alone, so each caller hears its own
          // outcome. A database that is down or too slow fails them all alike: they hear that at once.
          if (commands.length === 1 || isUnavailable(err)) throw err;
          settled = await Promise.allSettled(commands.map((c) => recordEvents(db, c.emitted, insertRows(c.rows))));
        }
        const events = settled.flatMap((s) => (s.status === 'fulfilled' ? s.value : []));
        if (events.length) await publish(events);
        return settled;
      },
      SHARED_STATEMENTS,
    );
    combiners.set(db, combine);
  }
  return combine;
}

/**
 * A command whose checks were read before and whose writes only insert new rows (chat): its rows
 * and the events they cause in one statement, which is atomic by itself, then published. One round
 * trip, where a transaction takes BEGIN, each write, the events and COMMIT; and the rooms' sequence
 * rows are locked only while the statement runs.
 *
 * Commands sent while earlier ones are being written share the next statement: one parse, plan and
 * commit for many, which is what bounded the site's busiest write under load. Only inserts may be
 * shared this way: two commands' new rows cannot touch each other, where two updates of one row in
 * one statement would lose one of them.
 */
export async function insertInOneStatement({ db, publish }: Omit<TransactionDeps, 'log'>, rows: NewRow[], emitted: EmittedEvent[]): Promise<RecordedEvent[]> {
  const outcome = await combinerFor(db, publish)({ rows, emitted });
  if (outcome.status === 'rejected') throw outcome.reason;
  return outcome.value;
}

/** What commands emitted and queued for after the commit: kept only for commands whose writes commit. */
interface Kept {
  emitted: EmittedEvent[];
  after: Array<() => Promise<unknown> | unknown>;
}

const recorderOf = (tx: Tx, kept: Kept): Recorder => ({
  tx,
  emit: async (room, name, payload) => void kept.emitted.push({ room, name, payload }),
  afterCommit: (fn) => void kept.after.push(fn),
});

/**
 * Runs `body` in a transaction, records the events it kept in one statement just before commit,
 * publishes them after commit, then runs the after-commit work it kept.
 */
async function committed<R>({ db, publish, log }: TransactionDeps, body: (tx: Tx, kept: Kept) => Promise<R>): Promise<R> {
  const kept: Kept = { emitted: [], after: [] };
  let events: RecordedEvent[] = [];
  const result = await db.transaction(async (tx) => {
    const value = await body(tx, kept);
    events = await recordEvents(tx, kept.emitted);
    return value;
  });
  if (events.length) await publish(events);
  // What these queue is also in the database: a failure here is caught up by a sweep, but it is told.
  for (const fn of kept.after) {
    await Promise.resolve()
      .then(fn)
      .catch((err: unknown) => log.error({ err }, 'after-commit work failed; its sweep will catch up'));
  }
  return result;
}

/**
 * Runs `work` in one transaction and publishes its events only after commit
 * (Outline's transactional events): a rolled-back change never reaches a socket.
 */
export function inTransaction<T>(deps: TransactionDeps, work: (r: Recorder) => Promise<T>): Promise<T> {
  return committed(deps, (tx, kept) => work(recorderOf(tx, kept)));
}

/**
 * Several commands in one transaction, one after the other (each sees what those before it wrote),
 * each in a savepoint of its own: a command that throws is rolled back alone, with its events and
 * after-commit work, and its outcome is that error; the others commit, each run once. Their events
 * are recorded together, in the order emitted, and published after commit; then each one's
 * after-commit work runs. A failure that is not a command's own (the database gone, a savepoint
 * that cannot be rolled back, the events' statement, the commit) fails them all: this throws it.
 */
export function inOneTransaction<T>(deps: TransactionDeps, works: ReadonlyArray<(r: Recorder) => Promise<T>>): Promise<PromiseSettledResult<T>[]> {
  return committed(deps, async (tx, kept) => {
    const outcomes: PromiseSettledResult<T>[] = [];
    for (const work of works) {
      const mine: Kept = { emitted: [], after: [] };
      const own: { error?: unknown } = {};
      try {
        // A nested transaction is a savepoint: released on success, rolled back to when the command throws.
        const value = await tx.transaction(async (savepoint) => {
          try {
            return await work(recorderOf(savepoint, mine));
          } catch (err) {
            own.error = err;
            throw err;
          }
        });
        kept.emitted.push(...mine.emitted);
        kept.after.push(...mine.after);
        outcomes.push({ status: 'fulfilled', value });
      } catch (err) {
        if (!('error' in own) || err !== own.error) throw err;
        outcomes.push({ status: 'rejected', reason: err });
      }
    }
    return outcomes;
  });
}
