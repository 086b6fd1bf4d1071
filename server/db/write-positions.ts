import type { Cluster, Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/** The primary's WAL position after a user's last write; `unknown` when it could not be read (read the primary). */
export type WritePosition = bigint | 'unknown';

/**
 * Where each user's last write landed, for a window after it (`read-routing.ts`). In memory for one
 * process; in Redis when several nodes serve one site, since the user's next read may reach another.
 */
export interface WritePositions {
  set(userId: number, position: WritePosition): Promise<void>;
  get(userId: number): Promise<WritePosition | null>;
}

/** Users remembered at once in one process; the oldest go first (their window is the first to end). */
const KEPT = 100_000;

export function memoryWritePositions(windowMs: number): WritePositions {
  const positions = new LRUCache<number, { position: WritePosition }>({ max: KEPT, ttl: windowMs });
  return {
    async set(userId, position) {
      positions.set(userId, { position });
    },
    async get(userId) {
      return positions.get(userId)?.position ?? null;
    },
  };
}

export function redisWritePositions(redis: Redis | Cluster, prefix: string, windowMs: number): WritePositions {
  const key = (userId: number) => `${prefix}wrote:${userId}`;
  return {
    async set(userId, position) {
      await redis.set(key(userId), String(position), 'PX', windowMs);
    },
    async get(userId) {
      const v = await redis.get(key(userId));
      if (v === null) return null;
      return v === 'unknown' ? 'unknown' : BigInt(v);
    },
  };
}
