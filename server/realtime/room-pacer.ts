import type { RoomEvent } from '@shared/socket';

/** A fan-out shorter than this (ms) holds nothing back: a room of a few sockets gets each change at once. */
const PACED_FROM_MS = 2;
/** A crowded room holds events back at most this many times as long as its last fan-out took... */
const HOLD_PER_FAN_OUT = 4;
/** ...and never longer than this after that fan-out ended (ms). */
const HOLD_MAX_MS = 200;
/** How often held events look again whether more writes are coming (ms). */
const RECHECK_MS = 5;
/** Past this many crowded rooms remembered, those whose pause is over are forgotten. */
const PACES_KEPT = 1_000;

interface Pace {
  /** When held events go at the latest: `HOLD_PER_FAN_OUT` times the last fan-out's length after it ended. */
  deadline: number;
  /** Until then (the last fan-out's length after it) events that arrive while write requests are being answered wait. */
  until: number;
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
 * So a room whose last fan-out took `d` ms (2 or more) pauses for `d` after it: what it gets in the
 * pause while `moreComing()` (write requests still being answered) waits, and goes out in one frame
 * when nothing more is coming, or `4 d` (at most `HOLD_MAX_MS`) after that fan-out at the latest:
 * the longer a frame costs, the longer a burst is gathered for it. Under a burst a crowded room thus
 * gets a few frames instead of one per change; an event nothing else follows goes out at once, as
 * does every event of a room whose fan-out is short.
 */
export function createRoomPacer(write: (room: string, events: RoomEvent[]) => void, moreComing: () => boolean, now: () => number = () => performance.now()): RoomPacer {
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
    else paces.set(room, { until: ended + Math.min(took, HOLD_MAX_MS), deadline: ended + Math.min(took * HOLD_PER_FAN_OUT, HOLD_MAX_MS), waiting: [], timer: null });
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

  /** Held events go when nothing more is coming, or at the pace's deadline. */
  const recheck = (room: string, pace: Pace) => {
    const left = pace.deadline - now();
    if (left <= 0 || !moreComing()) return release(room, pace);
    pace.timer = setTimeout(() => recheck(room, pace), Math.min(RECHECK_MS, left));
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
      const more = moreComing();
      for (const [room, list] of byRoom) {
        const pace = paces.get(room);
        const holding = pace !== undefined && pace.timer !== null;
        if (!holding && (!pace || at >= pace.until || !more)) {
          fanOut(room, list);
          continue;
        }
        pace!.waiting.push(...list);
        if (!holding) {
          held++;
          recheck(room, pace!);
        } else if (!more) release(room, pace!);
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
