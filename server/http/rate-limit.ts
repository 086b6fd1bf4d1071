import type { Request, Response, NextFunction } from 'express';
import type { Services } from '@server/services';
import type { RateLimitName } from '@server/infra/rate-limits';
import { sendError } from './envelope';

/** Per-IP limit; the IP honours TRUST_PROXY so clients behind a proxy do not share one bucket. */
export function rateLimit(services: Services, name: RateLimitName) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      await services.rateLimiters[name].consume(req.ip ?? 'unknown');
      next();
    } catch (e) {
      if (e instanceof Error) return next(e);
      const wait = Math.ceil(((e as { msBeforeNext?: number }).msBeforeNext ?? 1000) / 1000);
      res.setHeader('Retry-After', String(wait));
      sendError(res, 429, 'request.rateLimited');
    }
  };
}
