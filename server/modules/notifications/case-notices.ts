import { eq } from 'drizzle-orm';
import { users, type PlayerRow } from '@server/db/schema';
import type { Recorder } from '@server/realtime/outbox';
import type { ServerI18n } from '@server/i18n';
import { followersOf } from '@server/modules/subscriptions/service';
import { notifyUsers } from './notify';

/** Followers hear of every status change of a case they follow (except from themselves). */
export async function noticeStatusChange(r: Recorder, i18n: ServerI18n, before: PlayerRow, after: PlayerRow, actorId: number | null) {
  if (before.status === after.status) return;
  const followers = (await followersOf(r.tx, after.id)).filter((id) => id !== actorId);
  await notifyUsers(r, i18n, followers, { type: 'warn', key: 'caseStatus', values: { name: after.originName, status: after.status }, playerId: after.id });
}

/** The owner of a reported platform account (if they have an account here) is warned. */
export async function noticeReported(r: Recorder, i18n: ServerI18n, c: PlayerRow) {
  const owners = await r.tx.select({ id: users.id }).from(users).where(eq(users.originUserId, c.originUserId));
  await notifyUsers(r, i18n, owners.map((o) => o.id), { type: 'warn', key: 'reported', values: { name: c.originName }, playerId: c.id });
}
