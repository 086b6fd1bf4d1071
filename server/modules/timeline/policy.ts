import { canSubmit } from '@shared/privileges';
import type { ErrorCode } from '@shared/errors';
import type { AuthedUser } from '@server/http/auth';
import { AppError } from '@server/http/errors';

/** Who may write on timelines: not banned, bound (unless staff or bot), not muted (reference §5). */
export function assertCanSubmit(user: AuthedUser, area: string) {
  const verdict = canSubmit(user.privileges, user.isBound);
  if (verdict === 'locked') throw new AppError('user.permissionDenined');
  if (verdict === 'needBind') throw new AppError('user.needBindEaAccount', 'bind your game account first');
  const mute = user.row.attr.mute;
  if (mute && new Date(mute).getTime() > Date.now()) throw new AppError(`${area}.bad` as ErrorCode, `muted until ${new Date(mute).toISOString()}`, 403);
}

/** Staff and bots write without the per-user comment limit (reference §2). */
export const exemptFromCommentLimit = (user: AuthedUser) => user.isAdmin || user.privileges.includes('bot');
