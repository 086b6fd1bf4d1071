import type { Request } from 'express';
import { and, eq } from 'drizzle-orm';
import { canSkipCaptcha, isAdmin, isLocked } from '@shared/privileges';
import { readsAsVisitor, type Actor } from '@shared/policy';
import { appAuthorizations, type UserRow } from '@server/db/schema';
import type { Services } from '@server/services';
import type { TokenPayload } from '@server/modules/auth/tokens';
import { requestUser } from '@server/modules/users/queries';
import { AppError } from '@server/app-error';

/** The signed-in user of a request, re-read from the database (privileges are never taken from the token). */
export interface AuthedUser {
  row: UserRow;
  id: number;
  privileges: string[];
  token: TokenPayload;
  isAdmin: boolean;
  isLocked: boolean;
  isBound: boolean;
  canSkipCaptcha: boolean;
  /** What the access rules of shared/policy.ts read. */
  actor: Actor;
}

/** A stored mute ('YYYY-MM-DD HH:mm:ss' or ISO) as epoch ms; null when there is none or it cannot be read. */
function muteEndOf(mute: string | null | undefined): number | null {
  if (!mute) return null;
  const at = new Date(mute).getTime();
  return Number.isFinite(at) ? at : null;
}

function actorOfRow(row: UserRow, visitType: string): Actor {
  return { id: row.id, privileges: row.privileges, isBound: !!row.originUserId, visitType, mutedUntil: muteEndOf(row.attr.mute) };
}

export function toAuthedUser(row: UserRow, token: TokenPayload): AuthedUser {
  return {
    row,
    id: row.id,
    privileges: row.privileges,
    token,
    isAdmin: isAdmin(row.privileges),
    isLocked: isLocked(row.privileges),
    isBound: !!row.originUserId,
    canSkipCaptcha: canSkipCaptcha(row.privileges),
    actor: actorOfRow(row, token.visitType),
  };
}

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

/** Resolves a raw token to its user, or the reason it is refused. */
export async function resolveToken(services: Services, raw: string | undefined) {
  if (!raw) return { error: 'user.tokenExpired' as const };
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
  const header = req.headers['x-access-token'];
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw && !required) return null;
  const result = await resolveToken(services, raw);
  if ('user' in result) return required || !readsAsVisitor(result.user!.actor) ? result.user! : null;
  if (!required) return null;
  throw new AppError(result.error);
}
