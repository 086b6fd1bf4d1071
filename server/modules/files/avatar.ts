import { eq, sql } from 'drizzle-orm';
import { roomOf } from '@shared/socket';
import { users } from '@server/db/schema';
import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { inTransaction, type Recorder } from '@server/db/outbox';
import { userAvatarOf } from '@server/modules/users/avatar';
import { fileByName } from './service';

/**
 * Sets the account's avatar to one of its own images once processed (its 150 px size is shown
 * across the site), or back to the default with `null`. The user's tabs hear `user.updated`.
 */
export async function chooseAvatar(services: Services, user: AuthedUser, filename: string | null) {
  if (filename !== null) {
    const row = await fileByName(services.db, filename);
    if (!row || row.byUserId !== user.id) throw new AppError('file.notFound', 'not one of your files');
    if (row.kind !== 'image' || row.state !== 'ready') throw new AppError('avatar.bad', 'choose one of your images once it is processed');
  }
  const avatar = filename ?? undefined;
  await inTransaction(services, async ({ tx, emit }) => {
    await tx
      .update(users)
      .set({ attr: avatar ? sql`${users.attr} || ${JSON.stringify({ avatar })}::jsonb` : sql`${users.attr} - 'avatar'` })
      .where(eq(users.id, user.id));
    await emit(roomOf.user(user.id), 'user.updated', { userId: user.id });
  });
  return { userAvatar: userAvatarOf({ ...user.row, attr: { avatar } }) };
}

/** A file that is going away stops being its owner's avatar (inside the deleting transaction). */
export async function dropAvatarOf(r: Recorder, userId: number, filename: string) {
  const cleared = await r.tx
    .update(users)
    .set({ attr: sql`${users.attr} - 'avatar'` })
    .where(sql`${users.id} = ${userId} AND ${users.attr}->>'avatar' = ${filename}`)
    .returning({ id: users.id });
  if (cleared.length) await r.emit(roomOf.user(userId), 'user.updated', { userId });
}
