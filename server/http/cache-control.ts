import type { Request, Response, NextFunction } from 'express';
import { carriesAppKey, requestToken } from './request-token';

/**
 * How long browsers and shared caches (a CDN, the nginx micro-cache of `deploy/nginx.conf`) may keep
 * a route's successful answer to a visitor, in seconds. `vary`: request headers the answer differs by.
 */
export interface RouteCache {
  maxAge: number;
  immutable?: boolean;
  vary?: readonly string[];
}

/** The original's public reads: the same answer for everyone, kept 30 s by browsers and proxies. */
export const PUBLIC_READ: RouteCache = { maxAge: 30 };

/** What a route declares about caching (see `RouteSpec`). */
interface Cached {
  auth: 'required' | 'optional' | 'none';
  cache?: RouteCache;
}

/** Nothing in the answer may be kept by anyone: writes, errors, and reads that are not declared cacheable. */
export const NO_STORE = 'no-store';
/** An answer about who asks: only that browser may hold it, and not on disk. */
export const PRIVATE = 'private, no-store';

/**
 * A route that reads the token answers by who asks whenever one is sent; a route that reads none
 * answers everyone alike, except to an application's key, which it reads too: that answer carries
 * the key's quota (`RateLimit-*`) and must reach the server each time to be counted.
 */
export const answersByToken = (spec: Cached, req: Request) =>
  spec.auth !== 'none' ? req.headers['x-access-token'] !== undefined || requestToken(req) !== undefined : carriesAppKey(req);

/** The `Cache-Control` value of a successful answer; `cache` is the route's, or the one a reply chose for itself. */
export function cacheControlValue(spec: Cached, req: Request, cache: RouteCache | null | undefined): string {
  if (answersByToken(spec, req)) return PRIVATE;
  if (!cache) return NO_STORE;
  return `public, max-age=${cache.maxAge}${cache.immutable ? ', immutable' : ''}`;
}

/**
 * Sets the answer's caching headers before the route's handler runs (a handler that streams a
 * file sends them as they are); an error answer replaces them with `no-store` (`sendError`).
 * A route that reads the token differs by it: shared caches are told so (`Vary`).
 */
export function cacheControlOf(spec: Cached) {
  const vary = [...(spec.auth === 'optional' ? ['X-Access-Token'] : []), ...(spec.cache?.vary ?? [])];
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', cacheControlValue(spec, req, spec.cache));
    for (const header of vary) res.vary(header);
    next();
  };
}
