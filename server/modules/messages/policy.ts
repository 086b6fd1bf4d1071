import { canSubmit, hasAdminLevel } from '@shared/privileges';
import { isBroadcast, maySendType, type SendableMessageType } from '@shared/messages';
import type { AuthedUser } from '@server/http/auth';
import { AppError } from '@server/http/errors';
import type { MessageRow } from './presenter';

/**
 * Whether the signed-in user may send a message of this type at all (before looking at the
 * recipient): banned and frozen accounts never, unbound ones only as staff or bots (reference §5),
 * muted ones not until the mute ends (DESIGN §6: a mute holds on chat too), and each type only
 * by its senders (shared/messages.ts).
 */
export function assertMaySend(user: AuthedUser, type: SendableMessageType) {
  const verdict = canSubmit(user.privileges, user.isBound);
  if (verdict === 'locked') throw new AppError('message.banned', 'this account may not send messages');
  if (verdict === 'needBind') throw new AppError('user.needBindEaAccount', 'bind your game account first');
  const mute = user.row.attr.mute;
  if (mute && new Date(mute).getTime() > Date.now()) throw new AppError('message.muted', `muted until ${new Date(mute).toISOString()}`);
  if (!maySendType(user.privileges, type)) throw new AppError('message.denied', `your account may not send ${type} messages`);
}

/** Staff messages skip the per-user message limit (warnings to many users in a row). */
export const exemptFromMessageLimit = (user: AuthedUser) => user.isAdmin;

/** Read state belongs to the recipient: only they mark a message read or unread. */
export const mayMark = (user: AuthedUser, row: MessageRow) => row.toUserId === user.id;

/**
 * Deleting removes the message for everyone who had it: the recipient may clear what they
 * received, the sender may take back what they sent, and broadcasts go with their sender or
 * admin level 2 (who may send them).
 */
export function mayDelete(user: AuthedUser, row: MessageRow) {
  if (isBroadcast(row.type)) return row.byUserId === user.id || hasAdminLevel(user.privileges, 2);
  return row.toUserId === user.id || row.byUserId === user.id;
}
