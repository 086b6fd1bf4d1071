import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { mailReachable } from '@server/mail/probe';
import { userById } from '@server/modules/users/queries';
import { hashPassword, verifyPassword } from './passwords';
import { revokeInTransaction, revokeSessions } from './signin';
import { inTransaction } from '@server/db/outbox';
import { dropVerificationsOf, isExpired, takeVerification } from '../users/verifications';
import { failedAttempts } from '@server/http/user-limit';
import { recordUserOperation, type ClientInfo } from '@server/modules/users/operations';

/**
 * Mails a reset code to the bound platform e-mail, which must match the one given. Whether it matched
 * is never told, neither by the answer nor by its time: every request is handed to a job (which checks
 * and mails after the answer), and only a mail server known to be down (a cached probe, the same for
 * every request) turns the answer into 503 mail.error. An unknown name, another e-mail, an unbound,
 * deleted or banned account get the same answer as a match, only no mail.
 */
export async function forgetPassword(services: Services, input: { username: string; originEmail: string; language?: string }) {
  if (!(await mailReachable(services.mailer))) throw new AppError('mail.error', 'the mail could not be sent, try again later');
  await services.jobs.enqueue('auth.resetMail', { username: input.username, originEmail: input.originEmail, language: input.language }, { personal: true });
}

/**
 * Sets the new password with a reset code: single use, expiring, and every session is signed out.
 * The account's other reset codes go with it, so an older mail cannot reset the new password again.
 */
export async function forgetPasswordVerify(services: Services, input: { code: string; newpassword: string }, client?: ClientInfo) {
  const passwordHash = await hashPassword(input.newpassword);
  const outcome = await inTransaction(services, async (r) => {
    const row = await takeVerification(r.tx, 'reset', input.code);
    if (!row) throw new AppError('forgetPassword.notFound');
    // An expired code is deleted all the same (the transaction commits), then refused.
    if (isExpired(row)) return 'expired' as const;
    const user = await userById(r.tx, row.userId!);
    if (!user || !user.valid) throw new AppError('forgetPassword.notFound');
    await dropVerificationsOf(r.tx, 'reset', user.id);
    await revokeInTransaction(r, user.id, { passwordHash });
    await recordUserOperation(r.tx, { userId: user.id, kind: 'resetPassword', client });
    return 'done' as const;
  });
  if (outcome === 'expired') throw new AppError('forgetPassword.expired');
}

/** Needs the old password; wrong ones are limited per account, so a stolen token cannot guess it. */
export async function changePassword(services: Services, user: AuthedUser, input: { oldpassword: string; newpassword: string }, client?: ClientInfo) {
  const attempts = failedAttempts(services, 'changePassword', String(user.id));
  await attempts.assertOpen();
  if (!(await verifyPassword(user.row.passwordHash, input.oldpassword))) {
    await attempts.failed();
    throw new AppError('changePassword.notMatch');
  }
  await attempts.succeeded();
  await revokeSessions(services, user.row, { passwordHash: await hashPassword(input.newpassword) }, { kind: 'changePassword', client });
}
