import { eq, sql } from 'drizzle-orm';
import { canSkipCaptcha } from '@shared/privileges';
import { roomOf } from '@shared/socket';
import type { CaptchaFields } from '@shared/schemas/captcha';
import { users, type UserRow } from '@server/db/schema';
import type { Services } from '@server/core/services';
import { AppError } from '@server/app-error';
import { inTransaction, type Recorder } from '@server/db/outbox';
import { userByLogin } from '@server/modules/users/queries';
import { userAvatarOf } from '@server/modules/users/avatar';
import { hashPassword, needsRehash, verifyNothing, verifyPassword } from './passwords';
import { failedAttempts } from '@server/http/user-limit';
import { recordUserOperation, type ClientInfo } from '@server/modules/users/operations';

interface SigninInput {
  username: string;
  password: string;
  visitType?: string;
  EXPIRES_IN?: number;
}

/**
 * Sign-in by username or bound e-mail. SKIP_CAPTCHA is accepted only once the credentials show a
 * bot or dev account, so the captcha is checked here rather than by the route.
 */
export async function signin(services: Services, input: SigninInput, captcha: CaptchaFields, ip: string, client: ClientInfo = { ip, userAgent: null }) {
  const skip = services.captcha.wantsSkip(captcha);
  if (!skip) await services.captcha.check(captcha, { ip });
  const user = await userByLogin(services.db, input.username);
  // Counted per account, however it is named (username or e-mail), and per name for unknown ones.
  const attempts = failedAttempts(services, 'signinAccount', user ? `#${user.id}` : input.username);
  await attempts.assertOpen();
  // Whether the caller may skip the captcha is decided before the password is looked at: otherwise
  // the two answers would tell a right password from a wrong one without any captcha.
  if (skip && !(user?.valid && canSkipCaptcha(user.privileges))) {
    await verifyNothing(input.password);
    throw new AppError('signin.invalidIdentity', 'SKIP_CAPTCHA is for bot and dev accounts');
  }
  const passwordOk = user ? await verifyPassword(user.passwordHash, input.password) : await verifyNothing(input.password);
  if (!user || !user.valid || !passwordOk) {
    await attempts.failed();
    throw new AppError('signin.noSuchUser');
  }
  await attempts.succeeded();
  const privileged = canSkipCaptcha(user.privileges);

  // App tokens come only from an approved authorization (confirmAuth), never from a sign-in.
  const asked = input.visitType === 'external-auth' ? 'websites' : input.visitType;
  const visitType = asked === 'bot' && !privileged ? 'websites' : (asked ?? 'websites');
  const { token, payload } = await services.tokens.sign({
    userId: user.id,
    username: user.username,
    userAvatar: userAvatarOf(user),
    privilege: user.privileges,
    visitType,
    expiresIn: privileged ? input.EXPIRES_IN : undefined,
  });
  // An imported bcrypt hash becomes argon2id now that the password is known (and right).
  const upgraded = needsRehash(user.passwordHash) ? await hashPassword(input.password) : null;
  await services.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ updateTime: new Date(), attr: sql`${users.attr} || ${JSON.stringify({ lastSigninIP: ip })}::jsonb`, ...(upgraded ? { passwordHash: upgraded } : {}) })
      .where(eq(users.id, user.id));
    await recordUserOperation(tx, { userId: user.id, kind: 'signin', client, detail: { visitType } });
  });
  return { token, userinfo: payload };
}

/** What a revocation is, for the user operation log, and where the request came from. */
export interface RevokeReason {
  kind: 'signout' | 'changePassword' | 'resetPassword' | 'revokeTokens';
  client?: ClientInfo | null;
}

/** Revokes every token of the user issued until now, and tells their other tabs. */
export async function revokeSessions(services: Services, user: Pick<UserRow, 'id'>, extra: Partial<typeof users.$inferInsert> = {}, reason?: RevokeReason) {
  await inTransaction(services, async (r) => {
    await revokeInTransaction(r, user.id, extra);
    if (reason) await recordUserOperation(r.tx, { userId: user.id, kind: reason.kind, client: reason.client });
  });
}

export async function revokeInTransaction({ tx, emit }: Recorder, userId: number, extra: Partial<typeof users.$inferInsert> = {}) {
  const at = new Date();
  await tx.update(users).set({ ...extra, signoutTime: at }).where(eq(users.id, userId));
  await emit(roomOf.user(userId), 'session.revoked', { userId, at: at.toISOString() });
}
