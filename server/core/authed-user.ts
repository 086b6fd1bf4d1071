import { canSkipCaptcha, isAdmin, isLocked } from '@shared/privileges';
import type { Actor } from '@shared/policy';
import type { AppScope } from '@shared/applications';
import type { UserRow } from '@server/db/schema';
import type { TokenPayload } from '@server/infra/tokens';

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
  /** A request made with an application's key: the application and the key (the user is its bot account). */
  app?: AppCaller;
}

/** The application a key belongs to, as a request made with the key carries it. */
export interface AppCaller {
  applicationId: number;
  name: string;
  keyId: number;
  /** What this key may do: its own scopes within those the application was granted. */
  scopes: AppScope[];
}

/** A stored mute ('YYYY-MM-DD HH:mm:ss' or ISO) as epoch ms; null when there is none or it cannot be read. */
function muteEndOf(mute: string | null | undefined): number | null {
  if (!mute) return null;
  const at = new Date(mute).getTime();
  return Number.isFinite(at) ? at : null;
}

function actorOfRow(row: UserRow, visitType: string, app?: AppCaller): Actor {
  const actor: Actor = { id: row.id, privileges: row.privileges, isBound: !!row.originUserId, visitType, mutedUntil: muteEndOf(row.attr.mute) };
  if (app) actor.appScopes = app.scopes;
  return actor;
}

export function toAuthedUser(row: UserRow, token: TokenPayload, app?: AppCaller): AuthedUser {
  const user: AuthedUser = {
    row,
    id: row.id,
    privileges: row.privileges,
    token,
    isAdmin: isAdmin(row.privileges),
    isLocked: isLocked(row.privileges),
    isBound: !!row.originUserId,
    canSkipCaptcha: canSkipCaptcha(row.privileges),
    actor: actorOfRow(row, token.visitType, app),
  };
  if (app) user.app = app;
  return user;
}

