import { eq } from 'drizzle-orm';
import { pickLanguage } from '@shared/languages';
import { roomOf } from '@shared/socket';
import { users } from '@server/db/schema';
import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { buildMail } from '@server/mail/templates';
import { sendMailOrFail } from '@server/mail/send';
import { inTransaction } from '@server/db/outbox';
import { originBoundTo } from '@server/modules/users/queries';
import { uniqueViolation } from '@server/db/errors';
import { recordUserOperation, type ClientInfo } from '@server/modules/users/operations';
import { resolvePlatformAccount } from './platform-check';
import { createVerification, isExpired, originPending, takeVerification } from '../users/verifications';

/** Starts binding a platform account: the code goes to that account's e-mail, proving ownership. */
export async function bindOrigin(services: Services, user: AuthedUser, input: { originEmail: string; originName: string; language?: string }) {
  const account = await resolvePlatformAccount(services, input.originEmail, input.originName, {
    notFound: 'bindOrigin.originNotFound',
    mismatch: 'bindOrigin.originNotFound',
    noGame: 'bindOrigin.gameNotShowed',
    error: 'bindOrigin.error',
  });
  const owner = await originBoundTo(services.db, account.userId);
  if (owner !== null || (await originPending(services.db, account.userId, user.id))) throw new AppError('bindOrigin.originBindingExist');

  const language = pickLanguage(input.language ?? user.row.attr.language);
  await services.db.transaction(async (tx) => {
    const code = await createVerification(tx, 'binding', {
      userId: user.id,
      username: user.row.username,
      originName: account.username,
      originUserId: account.userId,
      originPersonaId: account.personaId,
      originEmail: input.originEmail,
      language,
    });
    const link = `${services.config.publicUrl}/bindOrigin?code=${code}`;
    await sendMailOrFail(services, buildMail(services.i18n, 'binding', { to: input.originEmail, language, username: user.row.username, link }));
  });
}

/** Completes a binding; only the account that asked for it may use the code. */
export async function bindOriginVerify(services: Services, user: AuthedUser, code: string, client?: ClientInfo) {
  try {
    return await bindOriginVerifyOnce(services, user, code, client);
  } catch (e) {
    // Another account bound the platform account after the check below.
    if (uniqueViolation(e) !== null) throw new AppError('bindOrigin.originBindingExist');
    throw e;
  }
}

async function bindOriginVerifyOnce(services: Services, user: AuthedUser, code: string, client?: ClientInfo) {
  return inTransaction(services, async ({ tx, emit }) => {
    const row = await takeVerification(tx, 'binding', code);
    if (!row || row.userId !== user.id) throw new AppError('bindOrigin.notFound');
    if (isExpired(row)) return { expired: true as const };
    const owner = await originBoundTo(tx, row.originUserId!);
    if (owner !== null && owner !== user.id) throw new AppError('bindOrigin.originBindingExist');
    const attr = { ...user.row.attr };
    let privileges = user.row.privileges;
    if (attr.freezeOfNoBinding) {
      privileges = privileges.filter((p) => p !== 'freezed');
      if (!privileges.length) privileges = ['normal'];
      delete attr.freezeOfNoBinding;
    }
    await tx
      .update(users)
      .set({ originName: row.originName, originUserId: row.originUserId, originPersonaId: row.originPersonaId, originEmail: row.originEmail, privileges, attr })
      .where(eq(users.id, user.id));
    const previous = user.row.originName && user.row.originUserId !== row.originUserId ? { previousOriginName: user.row.originName } : {};
    await recordUserOperation(tx, { userId: user.id, kind: 'bind', client, detail: { originName: row.originName, ...previous } });
    await emit(roomOf.user(user.id), 'user.updated', { userId: user.id });
    return { expired: false as const, originName: row.originName };
  });
}
