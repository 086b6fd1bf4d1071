import type { Services } from '@server/core/services';
import { RATE_LIMITS, type RateLimitName } from '@server/infra/rate-limits';
import { AppError } from '@server/app-error';

/** A per-user limit inside a handler (the original answered 406 here; we answer 429 like every limit). */
export async function consumeUserLimit(services: Services, name: RateLimitName, userId: number) {
  try {
    await services.rateLimiters[name].consume(`user:${userId}`);
  } catch (e) {
    if (e instanceof Error) throw e;
    throw new AppError('request.rateLimited', 'too many submissions, wait a few minutes');
  }
}

/**
 * Failed attempts against one account (a password guessed for it): once the limit's points are
 * spent within its window, every attempt is refused before the password is even checked, from
 * any address. A success clears the count.
 */
export function failedAttempts(services: Services, name: RateLimitName, account: string) {
  const limiter = services.rateLimiters[name];
  const key = `account:${account.toLowerCase()}`;
  return {
    async assertOpen() {
      const state = await limiter.get(key);
      if (state && state.consumedPoints >= RATE_LIMITS[name].points) {
        throw new AppError('request.rateLimited', `too many failed attempts for this account, try again in ${Math.ceil(state.msBeforeNext / 60_000)} minutes`);
      }
    },
    failed: () => limiter.penalty(key, 1),
    succeeded: () => limiter.delete(key),
  };
}

/**
 * A mailed code tried by a signed-in account: answers with one of `wrongCodes` (no such code for
 * this account) count against the account, from any address; once its allowance is spent, every
 * try is refused until the window passes, a right code included.
 */
export async function codeAttempt<T>(services: Services, userId: number, wrongCodes: readonly string[], attempt: () => Promise<T>): Promise<T> {
  const attempts = failedAttempts(services, 'codeAccount', `#${userId}`);
  await attempts.assertOpen();
  try {
    return await attempt();
  } catch (e) {
    if (e instanceof AppError && wrongCodes.includes(e.code)) await attempts.failed();
    throw e;
  }
}
