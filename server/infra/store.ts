import type { RedisClient } from './redis';

/**
 * Small shared state with expiry: single-use captchas and similar markers.
 * In memory for one process; in Redis when several nodes serve one site.
 */
export interface KeyStore {
  /** Sets `key` if absent; false when it was already there (e.g. a captcha used twice). */
  setOnce(key: string, ttlMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export function memoryStore(): KeyStore {
  const keys = new Map<string, number>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [k, exp] of keys) if (exp <= now) keys.delete(k);
  }, 60_000);
  sweep.unref();
  return {
    async setOnce(key, ttlMs) {
      const exp = keys.get(key);
      if (exp !== undefined && exp > Date.now()) return false;
      keys.set(key, Date.now() + ttlMs);
      return true;
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

export function redisStore(redis: RedisClient, prefix: string): KeyStore {
  return {
    async setOnce(key, ttlMs) {
      return (await redis.set(prefix + key, '1', 'PX', ttlMs, 'NX')) === 'OK';
    },
    async close() {},
  };
}
