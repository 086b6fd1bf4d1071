import { and, eq, isNull, sql } from 'drizzle-orm';
import { roomOf } from '@shared/socket';
import type { AppealOutcome } from '@shared/judgement';
import { messages, subscriptions, users, type PlayerRow, type TimelineRow } from '@server/db/schema';
import type { Recorder } from '@server/db/outbox';
import type { ServerI18n } from '@server/i18n';
import { followersOf } from '@server/modules/subscriptions/service';
import { notifyUsers } from './notify';

/** Users here whose bound platform account is the case's. */
async function ownersOf(r: Recorder, c: PlayerRow): Promise<number[]> {
  const rows = await r.tx.select({ id: users.id }).from(users).where(eq(users.originUserId, c.originUserId));
  return rows.map((o) => o.id);
}

/**
 * Who hears of a case's judgements: its owners (as `ownersOf`) and its followers, as a subquery
 * (jsonb array of user ids): a judgement reads it with its other checks, under the case's lock.
 */
export const judgementAudienceSql = (c: Pick<PlayerRow, 'id' | 'originUserId'>) => sql<number[]>`
  select coalesce(jsonb_agg(a.id), '[]'::jsonb) from (
    select ${users.id} as id from ${users} where ${users.originUserId} = ${c.originUserId}
    union select ${subscriptions.userId} from ${subscriptions} where ${subscriptions.playerId} = ${c.id}
  ) a`;

const except = (ids: number[], actorId: number | null) => ids.filter((id) => id !== actorId);

/** Followers hear of every status change of a case they follow (except from themselves). */
export async function noticeStatusChange(r: Recorder, i18n: ServerI18n, before: PlayerRow, after: PlayerRow, actorId: number | null) {
  if (before.status === after.status) return;
  const followers = except(await followersOf(r.tx, after.id), actorId);
  await notifyUsers(r, i18n, followers, { type: 'warn', key: 'caseStatus', values: { name: after.originName, status: after.status }, playerId: after.id, personaId: after.originPersonaId });
}

/** The owner of a reported platform account (if they have an account here) is warned. */
export async function noticeReported(r: Recorder, i18n: ServerI18n, c: PlayerRow) {
  await notifyUsers(r, i18n, await ownersOf(r, c), { type: 'warn', key: 'reported', values: { name: c.originName }, playerId: c.id, personaId: c.originPersonaId });
}

/** The account's owner and the case's followers (`audience`, see `judgementAudienceSql`) hear of every judgement. */
export async function noticeJudgement(r: Recorder, i18n: ServerI18n, c: PlayerRow, action: string, actorId: number | null, audience: readonly number[]) {
  const to = except([...audience], actorId);
  await notifyUsers(r, i18n, to, { type: 'warn', key: 'judged', values: { name: c.originName, action, status: c.status }, playerId: c.id, personaId: c.originPersonaId });
}

/** The appellant, the owner and the followers (`audience`, as for `noticeJudgement`) hear how an appeal ended. */
export async function noticeAppealOutcome(r: Recorder, i18n: ServerI18n, c: PlayerRow, appeal: TimelineRow, outcome: Exclude<AppealOutcome, null>, actorId: number | null, audience: readonly number[]) {
  const to = except([...new Set([...(appeal.byUserId ? [appeal.byUserId] : []), ...audience])], actorId);
  const key = outcome === 'accept' ? 'appealAccepted' : 'appealFailed';
  await notifyUsers(r, i18n, to, { type: 'warn', key, values: { name: c.originName, status: c.status }, playerId: c.id, personaId: c.originPersonaId });
}

/** The author of a quoted entry hears of the reply (not when quoting themselves). */
export async function noticeQuoted(r: Recorder, i18n: ServerI18n, c: PlayerRow, quotedAuthorId: number | null, replier: { id: number; username: string }) {
  if (!quotedAuthorId || quotedAuthorId === replier.id) return;
  await notifyUsers(r, i18n, [quotedAuthorId], { type: 'reply', key: 'quoted', values: { name: c.originName, username: replier.username }, playerId: c.id, personaId: c.originPersonaId, aboutUserId: replier.id });
}

/**
 * Staff hear of a new appeal: one inbox message for all staff (the `announce` box) and a live
 * toast in the staff room. It is cleared once enough staff have viewed the appeal.
 */
export async function noticeNewAppeal(r: Recorder, i18n: ServerI18n, c: PlayerRow, appealType: string) {
  const t = i18n.t(undefined);
  const content = t('notifications.newAppeal', { name: c.originName, type: t(`notifications.appealTypes.${appealType}`) });
  const [m] = await r.tx.insert(messages).values({ byUserId: null, toUserId: null, type: 'banAppeal', content, playerId: c.id }).returning();
  await r.emit(roomOf.staff, 'notification', { id: m!.id, type: m!.type, content, createTime: m!.createTime.toISOString(), playerId: c.id, personaId: c.originPersonaId });
}

export async function clearAppealNotice(r: Recorder, playerId: number) {
  await r.tx.delete(messages).where(and(eq(messages.type, 'banAppeal'), eq(messages.playerId, playerId), isNull(messages.toUserId)));
}
