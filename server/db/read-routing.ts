import type { Db } from './client';
import { replicaFailure, type ReplicaSet } from './replicas';
import type { WritePositions } from './write-positions';

/** The reads of one request (`HandlerContext.read`). */
export interface Reader {
  /**
   * Runs read-only work on a replica when one may serve this requester, else on the primary; work
   * that fails there for want of the replica runs again on the primary. Never for writes or for
   * reads a write depends on (those take `services.db`).
   */
  read<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /** The requester wrote within the window: his answers are read afresh, not taken from the read cache. */
  recentWriter: boolean;
}

/** Which server answers which read (docs/decisions/0011-read-replicas.md). */
export interface ReadRouting {
  /** False without replicas (embedded mode, or none configured): every read is the primary's. */
  enabled: boolean;
  /** The reads of a requester (null: a visitor, who never wrote). */
  readerFor(userId: number | null): Promise<Reader>;
  /** After a user's write has committed: his reads follow it for the window. */
  noteWrite(userId: number): Promise<void>;
  replicas?: ReplicaSet;
  close(): Promise<void>;
}

/** Every read on the primary. */
export function primaryOnly(primary: Db): ReadRouting {
  const reader: Reader = { read: (work) => work(primary), recentWriter: false };
  return { enabled: false, readerFor: async () => reader, noteWrite: async () => undefined, close: async () => undefined };
}

export interface RoutingOptions {
  /** Told when a read failed on a replica and ran on the primary. */
  onFallback?: (url: string, error: unknown) => void;
}

/**
 * Reads go to the replicas in rotation, round robin. A user who wrote in the window (`positions`
 * keeps it) reads only from a replica that has replayed his write's position, else the primary, so
 * he always sees what he wrote.
 */
export function replicaRouting(primary: Db, replicas: ReplicaSet, positions: WritePositions, opts: RoutingOptions = {}): ReadRouting {
  const onPrimary: Reader = { read: (work) => work(primary), recentWriter: true };
  const readerAfter = (minLsn: bigint, recentWriter: boolean): Reader => ({
    recentWriter,
    async read(work) {
      const replica = replicas.pick(minLsn);
      if (!replica) return work(primary);
      try {
        return await work(replica.db);
      } catch (e) {
        const { retry, down } = replicaFailure(e);
        if (!retry) throw e;
        if (down) replicas.failed(replica.url, e instanceof Error ? e.message : String(e));
        opts.onFallback?.(replica.url, e);
        return work(primary);
      }
    },
  });
  const anyone = readerAfter(0n, false);
  return {
    enabled: true,
    replicas,
    async readerFor(userId) {
      if (userId === null) return anyone;
      let position;
      try {
        position = await positions.get(userId);
      } catch {
        // Where his last write landed is unknown: the primary has it.
        return onPrimary;
      }
      if (position === null) return anyone;
      return position === 'unknown' ? onPrimary : readerAfter(position, true);
    },
    async noteWrite(userId) {
      const position = await replicas.primaryPosition().catch(() => 'unknown' as const);
      await positions.set(userId, position).catch(() => undefined);
    },
    close: () => replicas.close(),
  };
}
