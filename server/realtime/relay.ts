import type { RoomEvent } from '@shared/socket';
import type { Db } from '@server/db/client';
import type { Logger } from '@server/infra/logger';
import { numberPendingEvents, RELAY_BATCH, type Finalizers } from '../db/outbox';

/** How often a node looks for events left unnumbered (a writer that died right after its commit). */
const RELAY_SWEEP_MS = 2_000;

export interface Relay {
  /** Numbers what is pending now and publishes it; calls arriving meanwhile fold into one more pass. */
  nudge(): void;
  /** Resolves when no pass is running. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Numbers the site-wide rooms' events after their writers committed and hands each batch to `emit`.
 * Every node runs one; nodes share the pending rows (SKIP LOCKED), so each event is published once.
 */
export function createRelay(db: Db, emit: (events: RoomEvent[]) => void, log: Logger, finalizers: Finalizers = {}): Relay {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const pass = async () => {
    do {
      again = false;
      for (;;) {
        const batch = await numberPendingEvents(db, finalizers);
        if (batch.length) emit(batch);
        // A batch that was not full took every event pending then; later ones nudge again.
        if (batch.length < RELAY_BATCH) break;
      }
    } while (again && !stopped);
  };

  const nudge = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((err: unknown) => log.error({ err }, 'numbering realtime events failed; the next sweep retries'))
      .finally(() => {
        running = null;
      });
  };

  const timer = setInterval(nudge, RELAY_SWEEP_MS);
  timer.unref();
  nudge();

  return {
    nudge,
    idle: async () => {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
    },
  };
}
