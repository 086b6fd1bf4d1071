import type { RoomEvent } from '@shared/socket';

/** A fan-out shorter than this (ms) holds nothing back: a room of a few sockets gets each change at once. */
const PACED_FROM_MS = 2;
/** A crowded room holds events back at most this many times as long as its last fan-out took... */
const HOLD_PER_FAN_OUT = 4;
/** ...and never longer than this after that fan-out ended (ms). */
const HOLD_MAX_MS = 200;
/** Past this many crowded rooms remembered, those whose pause is over are forgotten. */
const PACES_KEPT = 1_000;

interface Pace {
  /** How long the room's last fan-out took (ms): also how long the room must be quiet before held events go. */
  took: number;
  /** Until then (the last fan-out's length after it) an event of the room's own is held. */
  until: number;
  /** When held events go at the latest: `HOLD_PER_FAN_OUT` times the last fan-out's length after it ended. */
  deadline: number;
  /** When the room's last held event arrived. */
  lastArrival: number;
  waiting: RoomEvent[];
  timer: NodeJS.Timeout | null;
}

export interface RoomPacer {
  /** Sends each room's events, in sequence: at once, or together with those a crowded room holds. */
  send(events: readonly RoomEvent[]): void;
  /** Resolves once no room holds events back. */
  idle(): Promise<void>;
  /** Sends what waits now; from then on every room's events go out at once (the node is closing). */
  stop(): void;
}

/**
 * Writing a frame to a room costs a write per socket: for a room of a thousand about 40 ms, longer
 * than the changes of a burst (ten staff voting within 50 ms) take to commit one after the other.
 * So a room whose last fan-out took `d` ms (2 or more) paces itself by its own traffic: an event it
 * gets within `d` after that fan-out (its events come faster than it can send them one by one) is
 * held, with those that follow, until the room has had no new event for `d`, or `4 d` (at most
 * `HOLD_MAX_MS`) after that fan-out at the latest; they then go in one frame. Under a burst a
 * crowded room thus gets a few frames instead of one per change. What other rooms get, or writes
 * elsewhere on the node, changes nothing for it: a room that gets events rarely sends each at once,
 * as does every room whose fan-out is short.
 */
export function createRoomPacer(write: (room: string, events: RoomEvent[]) => void, now: () => number = () => performance.now()): RoomPacer {
  const paces = new Map<string, Pace>();
  let held = 0;
  let wakeIdle: (() => void) | null = null;
  let idlePromise: Promise<void> | null = null;
  let stopped = false;

  const fanOut = (room: string, events: RoomEvent[]) => {
    // Events that met in one room may have committed in another order than they arrived.
    if (events.length > 1) events.sort((x, y) => x.seq - y.seq);
    const start = now();
    write(room, events);
    const ended = now();
    const took = ended - start;
    if (took < PACED_FROM_MS || stopped) paces.delete(room);
    else paces.set(room, { took, until: ended + Math.min(took, HOLD_MAX_MS), deadline: ended + Math.min(took * HOLD_PER_FAN_OUT, HOLD_MAX_MS), lastArrival: ended, waiting: [], timer: null });
    if (paces.size > PACES_KEPT) for (const [r, p] of paces) if (p.timer === null && p.until <= ended) paces.delete(r);
  };

  const release = (room: string, pace: Pace) => {
    if (pace.timer !== null) clearTimeout(pace.timer);
    pace.timer = null;
    held--;
    fanOut(room, pace.waiting);
    if (held === 0 && wakeIdle) {
      wakeIdle();
      wakeIdle = idlePromise = null;
    }
  };

  /** Held events go once the room has been quiet for as long as its last fan-out took, or at the deadline. */
  const recheck = (room: string, pace: Pace) => {
    const due = Math.min(pace.lastArrival + pace.took, pace.deadline);
    const left = due - now();
    if (left <= 0) return release(room, pace);
    pace.timer = setTimeout(() => recheck(room, pace), Math.ceil(left));
  };

  return {
    send(events) {
      const byRoom = new Map<string, RoomEvent[]>();
      for (const ev of events) {
        const list = byRoom.get(ev.room);
        if (list) list.push(ev);
        else byRoom.set(ev.room, [ev]);
      }
      const at = now();
      for (const [room, list] of byRoom) {
        const pace = paces.get(room);
        const holding = pace !== undefined && pace.timer !== null;
        if (!holding && (!pace || at >= pace.until)) {
          fanOut(room, list);
          continue;
        }
        pace!.waiting.push(...list);
        pace!.lastArrival = at;
        if (!holding) {
          held++;
          recheck(room, pace!);
        }
      }
    },
    idle() {
      if (held === 0) return Promise.resolve();
      return (idlePromise ??= new Promise<void>((resolve) => (wakeIdle = resolve)));
    },
    stop() {
      stopped = true;
      for (const [room, pace] of paces) if (pace.timer !== null) release(room, pace);
      paces.clear();
    },
  };
}
