import { allOf, exemptStaff, notMuted, refusedAs, rules } from '@shared/policy';
import { hasAdminLevel } from '@shared/privileges';
import { isBroadcast, maySendType, type SendableMessageType } from '@shared/messages';
import type { AuthedUser } from '@server/core/authed-user';
import type { RateLimitName } from '@server/infra/rate-limits';
import { AppError } from '@server/app-error';
import type { MessageRow } from './presenter';

export const messagePolicy = {
  /**
   * Sending at all: banned and frozen accounts never, unbound ones only as staff or bots
   * (as on the original site), muted ones not until the mute ends (a mute holds on chat too).
   */
  send: allOf('sendMessage', refusedAs(rules.notLocked, 'message.banned'), rules.canSubmit, notMuted('message.muted')),
  /** Staff send warnings to many users in a row: no per-account limit for them. */
  sendLimit: { name: 'messages' as RateLimitName, exempt: exemptStaff },
  read: rules.signedIn,
};

/** Each type only by its senders (shared/messages.ts). */
export function assertMaySendType(user: AuthedUser, type: SendableMessageType) {
  if (!maySendType(user.privileges, type)) throw new AppError('message.denied', `your account may not send ${type} messages`);
}

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
