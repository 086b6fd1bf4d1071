import { eq } from 'drizzle-orm';
import { roomOf } from '@shared/socket';
import type { CaseKey } from '@shared/schemas/cases';
import { players } from '@server/db/schema';
import type { Services } from '@server/core/services';
import { AppError } from '@server/app-error';
import { inTransaction } from '@server/db/outbox';
import { tellCaseChanged } from '@server/core/case-changes';
import { queueWebhookEvent } from '@server/modules/webhooks/queue';
import { appendNameChange } from '@server/modules/timeline/append';
import { findCase } from '../cases/queries';
import { presentCase } from '../cases/presenter';
import { applySighting } from '../cases/sighting';
import { BLOCKED_AVATAR, lookupAccount } from '../cases/platform-sync';

/** Refreshes a case's name and avatar from the platform; staff may also block or unblock its avatar. */
export async function refreshCase(services: Services, key: CaseKey, opts: { blockAvatar?: boolean } = {}) {
  const existing = await findCase(services.db, key);
  if (!existing) throw new AppError('update.notFound', 'no such case');
  const account = await lookupAccount(services, { userId: existing.originUserId }, 'update.error');
  if (!account) throw new AppError('update.notFound', 'the platform account no longer exists');
  return inTransaction(services, async (r) => {
    const { tx, emit } = r;
    const [row] = await tx.select().from(players).where(eq(players.id, existing.id)).for('update');
    const at = new Date();
    const { changes, renamed } = await applySighting(tx, row!, account, at);
    if (opts.blockAvatar === true) changes.avatarLink = `${(account.avatar ?? '').replace(BLOCKED_AVATAR, '')}${BLOCKED_AVATAR}`;
    if (opts.blockAvatar === false) changes.avatarLink = account.avatar;
    const [updated] = await tx.update(players).set({ ...changes, updateTime: at }).where(eq(players.id, row!.id)).returning();
    const record = presentCase(updated!);
    if (renamed) await appendNameChange(r, updated!, renamed, at);
    await emit(roomOf.case(row!.id), 'case.updated', { case: record });
    await queueWebhookEvent(r, services.jobs, 'playerUpdate', { case: record });
    // Its status stays: the followers that act on a status (webhooks, deadlines) pass; the feed tells a new name.
    await tellCaseChanged({ services, r, before: row!, after: updated!, record, created: false, statusChanged: false });
    return record;
  });
}
