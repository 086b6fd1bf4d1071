import type { Response } from 'express';
import type { Services } from '@server/services';

/** Public read-only answers may be kept 30 s by browsers and proxies (reference §12). */
export const publicCache = (res: Response) => res.setHeader('Cache-Control', 'public, max-age=30');

/**
 * A value computed at most once per `ttlMs` per server (per Services): concurrent callers share
 * one computation, and a failed computation is not kept.
 */
export function memoized<T>(ttlMs: number, compute: (services: Services) => Promise<T>) {
  const cache = new WeakMap<Services, { at: number; value: Promise<T> }>();
  return (services: Services): Promise<T> => {
    const hit = cache.get(services);
    if (hit && Date.now() - hit.at < ttlMs) return hit.value;
    const value = compute(services);
    cache.set(services, { at: Date.now(), value });
    value.catch(() => cache.delete(services));
    return value;
  };
}
