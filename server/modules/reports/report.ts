import { eq, sql } from 'drizzle-orm';
import { roomOf } from '@shared/socket';
import { statusAfterReport } from '@shared/timeline';
import type { ReportInput } from '@shared/schemas/cases';
import { players, timeline } from '@server/db/schema';
import type { Services } from '@server/services';
import type { AuthedUser } from '@server/http/auth';
import { AppError } from '@server/http/errors';
import { sanitizeRichText } from '@server/http/sanitize';
import { inTransaction } from '@server/realtime/outbox';
import { applySighting, lockOrCreateCase } from '@server/modules/cases/sighting';
import { presentCase } from '@server/modules/cases/presenter';
import { presentEntries } from '@server/modules/timeline/queries';
import type { ResolvedAccount } from '@server/modules/cases/platform-sync';
import { assertNotSpam, assertNotDuplicate } from '@server/modules/timeline/spam';
import { activityOf } from '@server/modules/timeline/activity';
import { noticeReported, noticeStatusChange } from '@server/modules/notifications/case-notices';
import { emitOpenCaseCount, movesOpenCount } from '@server/modules/notifications/open-cases';
import { queueWebhookEvent } from '@server/modules/webhooks/queue';

type ReportFields = Omit<ReportInput, 'originName'>;

/**
 * Files a report (reference §4): creates or reopens the case, refreshes its name and avatar, adds
 * the game, writes the report entry, and tells everyone watching — all in one transaction.
 */
export async function fileReport(services: Services, user: AuthedUser, account: ResolvedAccount, input: ReportFields, area: 'report' | 'reportById') {
  if (user.row.originUserId && user.row.originUserId === account.userId) throw new AppError(`${area}.bad`, 'you cannot report your own account');
  const description = sanitizeRichText(input.description);
  assertNotSpam(description, `${area}.spam`);
  const at = new Date();

  const result = await inTransaction(services.db, services.publish, async (recorder) => {
    const { tx, emit } = recorder;
    const { row, created } = await lockOrCreateCase(tx, account, at);
    if (!created) await assertNotDuplicate(tx, row.id, user.id, 'report', description, `${area}.bad`);
    const { changes, renamed } = await applySighting(tx, row, account, at);
    const status = created ? 0 : statusAfterReport(row.status);
    const games = row.games.includes(input.game) ? row.games : [...row.games, input.game];
    const [updated] = await tx
      .update(players)
      .set({
        ...changes,
        games,
        status,
        statusTime: status !== row.status ? at : row.statusTime,
        hackerLevel: status !== row.status ? null : row.hackerLevel,
        commentsNum: sql`${players.commentsNum} + 1`,
        updateTime: at,
        valid: true,
      })
      .where(eq(players.id, row.id))
      .returning();
    const [entry] = await tx
      .insert(timeline)
      .values({
        type: 'report',
        playerId: row.id,
        toOriginUserId: account.userId,
        toOriginPersonaId: account.personaId,
        toOriginName: account.username,
        byUserId: user.id,
        content: description,
        videoLink: input.videoLink || null,
        cheatGame: input.game,
        cheatMethods: input.cheatMethods,
        createTime: at,
      })
      .returning();
    const presented = await presentEntries(tx, renamed ? [renamed, entry!] : [entry!]);
    const room = roomOf.case(row.id);
    for (const e of presented) await emit(room, 'timeline.added', { entry: e });
    const record = presentCase(updated!);
    await emit(room, 'case.updated', { case: record });
    await emit(roomOf.all, 'activity', { item: activityOf('report', entry!, user.row, record) });
    if (created || movesOpenCount(row.status, status)) await emitOpenCaseCount(recorder);
    await queueWebhookEvent(recorder, services.jobs, 'report', { case: record, report: { id: entry!.id, game: input.game, cheatMethods: input.cheatMethods, byUserId: user.id, createTime: entry!.createTime.toISOString() } });
    if (created || status !== row.status) await queueWebhookEvent(recorder, services.jobs, 'stateChange', { case: record, from: created ? null : row.status, to: status });
    await noticeStatusChange(recorder, services.i18n, row, updated!, user.id);
    await noticeReported(recorder, services.i18n, updated!);
    return updated!;
  });
  return { originName: result.originName, originUserId: result.originUserId, originPersonaId: result.originPersonaId, dbId: result.id };
}
