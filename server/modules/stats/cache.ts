import type { Services } from '@server/core/services';

/**
 * A value computed at most once per `ttlMs` per server (per Services) and key: concurrent callers
 * share one computation, and a failed computation is not kept.
 */
export function memoized<T, K extends string = string>(ttlMs: number, compute: (services: Services, key: K) => Promise<T>) {
  const caches = new WeakMap<Services, Map<K, { at: number; value: Promise<T> }>>();
  return (services: Services, key: K): Promise<T> => {
    let cache = caches.get(services);
    if (!cache) caches.set(services, (cache = new Map()));
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < ttlMs) return hit.value;
    const value = compute(services, key);
    cache.set(key, { at: Date.now(), value });
    value.catch(() => cache.delete(key));
    return value;
  };
}

/**
 * Like `memoized` for one value, but shared by every node in Redis mode (kept as JSON under the
 * site's prefix for `ttlMs`); in memory otherwise. The value must survive JSON.
 */
export function sharedMemoized<T>(name: string, ttlMs: number, compute: (services: Services) => Promise<T>) {
  const local = memoized(ttlMs, (services) => compute(services));
  return async (services: Services): Promise<T> => {
    const redis = services.redis;
    if (!redis) return local(services, name);
    const key = `${services.config.redisPrefix}cache:${name}`;
    const hit = await redis.get(key);
    if (hit !== null) return JSON.parse(hit) as T;
    const value = await local(services, name);
    await redis.set(key, JSON.stringify(value), 'PX', ttlMs);
    return value;
  };
}
