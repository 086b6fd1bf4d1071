import { eq } from 'drizzle-orm';
import { roomOf } from '@shared/socket';
import type { UserSettableAttr } from '@shared/schemas/account';
import { users } from '@server/db/schema';
import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { inTransaction } from '@server/db/outbox';
import { tellAccountChanged } from '@server/core/account-changes';
import { sanitizeRichText } from '@server/http/sanitize';
import { usernameTaken } from './queries';
import { usernamePending } from '@server/modules/users/verifications';
import { uniqueViolation } from '@server/db/errors';
import { recordUserOperation, type ClientInfo } from './operations';

/** Updates the attributes a user may set; anything else in the request is ignored. */
export async function updateOwnAttr(services: Services, user: AuthedUser, patch: UserSettableAttr) {
  const next = { ...user.row.attr, ...patch };
  if (patch.introduction !== undefined) next.introduction = sanitizeRichText(patch.introduction);
  await inTransaction(services, async ({ tx, emit }) => {
    await tx.update(users).set({ attr: next }).where(eq(users.id, user.id));
    await emit(roomOf.user(user.id), 'user.updated', { userId: user.id });
  });
  return next;
}

/** Renames the account while chances are left; the login id changes with it. */
export async function changeName(services: Services, user: AuthedUser, newname: string, client?: ClientInfo) {
  const left = user.row.attr.changeNameLeft ?? 3;
  if (left <= 0) throw new AppError('changeName.noChance');
  try {
    return await inTransaction(services, async (r) => {
      const { tx, emit } = r;
      // Lock the row: two renames at once must not both spend the same chance.
      const [fresh] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
      const chances = fresh!.attr.changeNameLeft ?? 3;
      if (chances <= 0) throw new AppError('changeName.noChance');
      // The account's own name, unchanged, is taken (by it) and spends nothing; a change of case is a rename.
      if (newname === fresh!.username) throw new AppError('changeName.occupied', 'this is already your name');
      if ((await usernameTaken(tx, newname, user.id)) || (await usernamePending(tx, newname))) throw new AppError('changeName.occupied');
      const attr = { ...fresh!.attr, changeNameLeft: chances - 1 };
      await tx.update(users).set({ username: newname, attr }).where(eq(users.id, user.id));
      await tellAccountChanged({ services, r, before: fresh!, after: { ...fresh!, username: newname } });
      await recordUserOperation(tx, { userId: user.id, kind: 'changeName', client, detail: { from: fresh!.username, to: newname } });
      await emit(roomOf.user(user.id), 'user.updated', { userId: user.id });
      return { chancesLeft: chances - 1 };
    });
  } catch (e) {
    // Another account took the name between the check and the write.
    if (uniqueViolation(e) !== null) throw new AppError('changeName.occupied');
    throw e;
  }
}
