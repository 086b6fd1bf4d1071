import type { Response } from 'express';
import type { Services } from '@server/services';

/** Public read-only answers may be kept 30 s by browsers and proxies (reference §12). */
export const publicCache = (res: Response) => res.setHeader('Cache-Control', 'public, max-age=30');

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
