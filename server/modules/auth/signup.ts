import { LIMITS } from '@shared/limits';
import type { SignupBody } from '@shared/schemas/account';
import { pickLanguage } from '@shared/languages';
import { roomOf } from '@shared/socket';
import { users } from '@server/db/schema';
import { inTransaction } from '@server/db/outbox';
import { registrationActivity } from '@server/modules/timeline/activity';
import type { Services } from '@server/core/services';
import { AppError } from '@server/app-error';
import { buildMail } from '@server/mail/templates';
import { sendMailOrFail } from '@server/mail/send';
import { originBoundTo, usernameTaken } from '@server/modules/users/queries';
import { uniqueViolation } from '@server/db/errors';
import { hashPassword } from './passwords';
import { resolvePlatformAccount } from './platform-check';
import { createVerification, isExpired, originPending, takeVerification, usernamePending } from '../users/verifications';
import { queueWebhookEvent } from '@server/modules/webhooks/queue';
import { recordUserOperation, type ClientInfo } from '@server/modules/users/operations';

/** Sign-up: checks everything, stores a pending registration and mails its code to the platform account's e-mail. */
export async function signup(services: Services, input: SignupBody['data'], ctx: { ip: string; acceptLanguage?: string }) {
  const { db } = services;
  if ((await usernameTaken(db, input.username)) || (await usernamePending(db, input.username))) throw new AppError('signup.usernameExist');
  const account = await resolvePlatformAccount(services, input.originEmail, input.originName, {
    notFound: 'signup.originNotFound',
    mismatch: 'signup.usernameMismatch',
    noGame: 'signup.gameNotShown',
    error: 'signup.error',
  });
  if ((await originBoundTo(db, account.userId)) || (await originPending(db, account.userId))) throw new AppError('signup.originBindingExist');

  const language = pickLanguage(input.language ?? ctx.acceptLanguage);
  const passwordHash = await hashPassword(input.password);
  // The code row and the mail stand or fall together: a mail that cannot be sent leaves nothing behind.
  await db.transaction(async (tx) => {
    const code = await createVerification(tx, 'register', {
      username: input.username,
      passwordHash,
      originName: account.username,
      originUserId: account.userId,
      originPersonaId: account.personaId,
      originEmail: input.originEmail,
      language,
      registerIp: ctx.ip,
    });
    const link = `${services.config.publicUrl}/registerVerification?code=${code}`;
    await sendMailOrFail(services, buildMail(services.i18n, 'register', { to: input.originEmail, language, username: input.username, link }));
  });
}

/** Confirms a sign-up code: creates the account, bound to its platform account. */
export async function signupVerify(services: Services, code: string, client?: ClientInfo) {
  try {
    return await signupVerifyOnce(services, code, client);
  } catch (e) {
    // A concurrent confirmation took the name or the platform account after the checks below.
    const constraint = uniqueViolation(e);
    if (constraint !== null) throw new AppError(constraint === 'users_origin_user_id_uq' ? 'signup.originBindingExist' : 'signup.usernameExist');
    throw e;
  }
}

async function signupVerifyOnce(services: Services, code: string, client?: ClientInfo) {
  return inTransaction(services, async (r) => {
    const { tx, emit } = r;
    const row = await takeVerification(tx, 'register', code);
    if (!row) throw new AppError('signup.notFound');
    if (isExpired(row)) {
      // Commit the deletion of the stale code, then refuse.
      return { expired: true as const };
    }
    if (await usernameTaken(tx, row.username!)) throw new AppError('signup.usernameExist');
    if (await originBoundTo(tx, row.originUserId!)) throw new AppError('signup.originBindingExist');
    const [user] = await tx
      .insert(users)
      .values({
        username: row.username!,
        passwordHash: row.passwordHash!,
        privileges: ['normal'],
        attr: {
          language: row.language ?? 'en-US',
          changeNameLeft: LIMITS.changeNameDefault,
          allowDM: false,
          showOrigin: false,
          showAchievement: true,
          showAD: true,
          registerIP: row.registerIp ?? undefined,
        },
        originName: row.originName,
        originUserId: row.originUserId,
        originPersonaId: row.originPersonaId,
        originEmail: row.originEmail,
      })
      .returning();
    // The address the sign-up was asked from; the confirming request's own user agent.
    await recordUserOperation(tx, { userId: user!.id, kind: 'signup', client: { ip: row.registerIp ?? client?.ip ?? null, userAgent: client?.userAgent ?? null } });
    await emit(roomOf.all, 'activity', { item: registrationActivity(user!) });
    await queueWebhookEvent(r, services.jobs, 'register', { user: { id: user!.id, username: user!.username, createTime: user!.createTime.toISOString() } });
    return { expired: false as const, user: user! };
  });
}
