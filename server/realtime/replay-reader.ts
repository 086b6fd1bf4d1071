import { REPLAY_LIMIT, type RoomEvent } from '@shared/socket';

/** What a re-join needs: the room's head, and the events after the client's last one (none when it is too far behind). */
export interface Replay {
  current: number;
  /** Seq order, after `since`; empty when more than REPLAY_LIMIT are missing. */
  missed: RoomEvent[];
}

export interface ReplaySource {
  lastSeq(room: string): Promise<number>;
  eventsAfter(room: string, afterSeq: number, limit: number): Promise<RoomEvent[]>;
}

interface Waiter {
  since: number;
  resolve(r: Replay): void;
  reject(e: unknown): void;
}

/**
 * Reads replays for re-joins, one read of a room at a time: the joins of a room that arrive while
 * its read is in flight wait for the next one, which serves them all (the head once, the events
 * once, from the earliest `since` among those that can be replayed). After a node dies, thousands
 * of clients re-join the same rooms within seconds; each used to cost two statements and its own
 * copy of the same rows. A waiter's read starts after it asked, so after it joined the room: an
 * event committed meanwhile still arrives live or in its replay.
 */
export function createReplayReader(source: ReplaySource) {
  const waiting = new Map<string, Waiter[]>();
  const reading = new Set<string>();

  async function readFor(room: string, waiters: Waiter[]) {
    const current = await source.lastSeq(room);
    const replayable = (w: Waiter) => w.since < current && current - w.since <= REPLAY_LIMIT;
    const from = Math.min(current, ...waiters.filter(replayable).map((w) => w.since));
    const events = from < current ? await source.eventsAfter(room, from, current - from) : [];
    for (const w of waiters) w.resolve({ current, missed: replayable(w) ? events.filter((e) => e.seq > w.since) : [] });
  }

  function drain(room: string) {
    const waiters = waiting.get(room);
    if (!waiters) return void reading.delete(room);
    waiting.delete(room);
    reading.add(room);
    readFor(room, waiters)
      .catch((e: unknown) => waiters.forEach((w) => w.reject(e)))
      .finally(() => drain(room));
  }

  return (room: string, since: number): Promise<Replay> =>
    new Promise<Replay>((resolve, reject) => {
      const list = waiting.get(room);
      if (list) list.push({ since, resolve, reject });
      else waiting.set(room, [{ since, resolve, reject }]);
      if (!reading.has(room)) drain(room);
    });
}
