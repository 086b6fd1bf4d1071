import type { Request } from 'express';
import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import type { Reader } from '@server/db/read-routing';
import { isAppKey } from '@shared/applications';
import { requestToken } from './request-token';

/**
 * The reads of a request (`ReadRouting.readerFor`). A route that reads no token (`auth: 'none'`)
 * still learns who asks from a signed token, so that a user who wrote reads what he wrote; only its
 * signature is checked (no database): a forged one cannot be signed, and a revoked one only sends
 * its holder's reads to the primary for a while.
 */
export async function readerOf(services: Services, req: Request, user: AuthedUser | null): Promise<Reader> {
  if (!services.reads.enabled) return services.reads.readerFor(null);
  if (user) return services.reads.readerFor(user.id);
  const token = requestToken(req);
  const claims = token && !isAppKey(token) ? await services.tokens.verify(token) : null;
  return services.reads.readerFor(claims?.userId ?? null);
}
