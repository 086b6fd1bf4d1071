import type { Services } from '@server/services';
import type { RateLimitName } from '@server/infra/rate-limits';
import { AppError } from './errors';

/** A per-user limit inside a handler (the original answered 406 here; we answer 429 like every limit). */
export async function consumeUserLimit(services: Services, name: RateLimitName, userId: number) {
  try {
    await services.rateLimiters[name].consume(`user:${userId}`);
  } catch (e) {
    if (e instanceof Error) throw e;
    throw new AppError('request.rateLimited', 'too many submissions, wait a few minutes');
  }
}
