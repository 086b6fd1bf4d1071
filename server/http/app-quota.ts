import type { Response } from 'express';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { AppWriteScope } from '@shared/applications';
import type { Services } from '@server/core/services';
import type { AppCaller } from '@server/core/authed-user';
import { RATE_LIMITS, type RateLimitName } from '@server/infra/rate-limits';
import { AppError } from '@server/app-error';

const WRITE_LIMITS: Record<AppWriteScope, RateLimitName> = {
  report: 'appKeyReportWrites',
  reply: 'appKeyReplyWrites',
  appeal: 'appKeyAppealWrites',
  judge: 'appKeyJudgeWrites',
  webhooks: 'appKeyWebhooksWrites',
};

interface Taken {
  name: RateLimitName;
  res: RateLimiterRes;
  allowed: boolean;
}

/** Takes a point of `name` for the key; a refusal of the library is a result, a store's error throws. */
async function take(services: Services, name: RateLimitName, keyId: number): Promise<Taken> {
  try {
    return { name, res: await services.rateLimiters[name].consume(`key:${keyId}`), allowed: true };
  } catch (e) {
    if (e instanceof RateLimiterRes) return { name, res: e, allowed: false };
    throw e;
  }
}

const resetS = (t: Taken) => Math.max(1, Math.ceil(t.res.msBeforeNext / 1000));

/**
 * A request made with an application's key: takes its per-minute point and, for a write, its
 * scope's daily point (`shared/limits.ts`), and answers the `RateLimit-Limit`, `-Remaining` and
 * `-Reset` headers of the IETF draft (draft-ietf-httpapi-ratelimit-headers) for whichever of them is
 * nearer its end. Past a limit: 429 with `Retry-After`. The request is counted for the usage chart.
 */
export async function meterAppKey(services: Services, res: Response, app: AppCaller, route: { method: string; path: string; appScope?: AppWriteScope; reads: boolean }) {
  const taken = [await take(services, 'appKeyRequests', app.keyId)];
  const write = !route.reads && !!route.appScope;
  if (write && taken[0]!.allowed) taken.push(await take(services, WRITE_LIMITS[route.appScope!], app.keyId));
  const refused = taken.find((t) => !t.allowed);
  const shown = refused ?? taken.reduce((a, b) => (b.res.remainingPoints < a.res.remainingPoints ? b : a));
  res.setHeader('RateLimit-Limit', String(RATE_LIMITS[shown.name].points));
  res.setHeader('RateLimit-Remaining', String(shown.res.remainingPoints));
  res.setHeader('RateLimit-Reset', String(resetS(shown)));
  if (refused) {
    res.setHeader('Retry-After', String(resetS(refused)));
    throw refused.name === 'appKeyRequests'
      ? new AppError('app.rateLimited', `this key may make ${RATE_LIMITS.appKeyRequests.points} requests a minute`)
      : new AppError('app.writesSpent', `this key may make ${RATE_LIMITS[refused.name].points} ${route.appScope} writes a day`);
  }
  services.appUsage.add({ keyId: app.keyId, applicationId: app.applicationId, endpoint: `${route.method.toUpperCase()} ${route.path}` }, write);
}
