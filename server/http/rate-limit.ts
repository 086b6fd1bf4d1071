import type { Request, Response, NextFunction } from 'express';
import type { Services } from '@server/core/services';
import type { RateLimitName } from '@server/infra/rate-limits';
import { sendError } from './envelope';
import { addressKey } from '@server/infra/address-key';

/**
 * Takes a point of the per-IP limit `name` for `ip` (an IPv6 client by its /64, `addressKey`). When none is left the 429 is answered and it
 * resolves false; an error of the limiter's store rejects.
 */
async function withinRateLimit(services: Services, name: RateLimitName, ip: string, res: Response): Promise<boolean> {
  try {
    await services.rateLimiters[name].consume(addressKey(ip));
    return true;
  } catch (e) {
    if (e instanceof Error) throw e;
    const wait = Math.ceil(((e as { msBeforeNext?: number }).msBeforeNext ?? 1000) / 1000);
    res.setHeader('Retry-After', String(wait));
    sendError(res, 429, 'request.rateLimited');
    return false;
  }
}

/** Per-IP limit; the IP honours TRUST_PROXY so clients behind a proxy do not share one bucket. */
export function rateLimit(services: Services, name: RateLimitName) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      if (await withinRateLimit(services, name, req.ip ?? 'unknown', res)) next();
    } catch (e) {
      next(e);
    }
  };
}
