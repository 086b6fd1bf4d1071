import type { Request } from 'express';
import { and, eq } from 'drizzle-orm';
import { readsAsVisitor } from '@shared/policy';
import { appAuthorizations } from '@server/db/schema';
import type { Services } from '@server/core/services';
import type { TokenPayload } from '@server/infra/tokens';
import { toAuthedUser, type AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import type { ErrorCode } from '@shared/errors';
import { requestToken } from '@server/http/request-token';
import { requestUser } from '@server/modules/users/queries';
import { isAppKey } from '@shared/applications';
import { resolveAppKey } from '@server/modules/app-keys/resolve-key';

/** An app's token lives only while the user's authorization of the app stands (revocable from the profile). */
async function appAuthorizationStands(services: Services, token: TokenPayload) {
  if (typeof token.authId !== 'number') return false;
  const [row] = await services.db
    .select({ state: appAuthorizations.state })
    .from(appAuthorizations)
    .where(and(eq(appAuthorizations.id, token.authId), eq(appAuthorizations.userId, token.userId)))
    .limit(1);
  return row?.state === 'approved';
}

/** Resolves a raw token (or an application's key) to its user, or the reason it is refused. */
export async function resolveToken(services: Services, raw: string | undefined): Promise<{ user: AuthedUser } | { error: ErrorCode; message?: string }> {
  if (!raw) return { error: 'user.tokenExpired' as const };
  if (isAppKey(raw)) return resolveAppKey(services, raw);
  const token = await services.tokens.verify(raw);
  if (!token) return { error: 'user.tokenExpired' as const };
  const row = await requestUser(services.db, token.userId);
  if (!row || !row.valid) return { error: 'user.invalid' as const };
  if (row.signoutTime && token.signWhen <= row.signoutTime.getTime()) return { error: 'user.tokenExpired' as const };
  if (token.visitType === 'external-auth' && !(await appAuthorizationStands(services, token))) return { error: 'user.tokenExpired' as const };
  return { user: toAuthedUser(row, token) };
}

/**
 * The signed-in user of a request. Where the token is optional (reads that anyone may make, some
 * answered differently to accounts), an account that `readsAsVisitor` is read as a visitor: null.
 */
export async function authenticate(services: Services, req: Request, required: boolean): Promise<AuthedUser | null> {
  const raw = requestToken(req);
  if (!raw && !required) return null;
  const result = await resolveToken(services, raw);
  if ('user' in result) return required || !readsAsVisitor(result.user.actor) ? result.user : null;
  // A key that is refused is said so wherever it is sent: its integration should hear it at once.
  if (!required && !(raw && isAppKey(raw))) return null;
  throw new AppError(result.error, result.message);
}
