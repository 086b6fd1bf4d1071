import { canSkipCaptcha, isAdmin, isLocked } from '@shared/privileges';
import type { Actor } from '@shared/policy';
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

