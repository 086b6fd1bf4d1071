import { sql } from 'drizzle-orm';
import { statusAfterReport } from '@shared/timeline';
import type { ReportInput } from '@shared/schemas/cases';
import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { sanitizeRichText } from '@server/http/sanitize';
import { fieldIssue } from '@server/http/validate';
import { isBlankHtml } from '@shared/reply';
import { inTransaction } from '@server/db/outbox';
import { applySighting, lockOrCreateCase } from '@server/modules/cases/sighting';
import type { ResolvedAccount } from '@server/modules/cases/platform-sync';
import { readScalars } from '@server/db/scalars';
import { assertNotSpam, assertNotDuplicate, previousEntrySql } from '@server/modules/timeline/spam';
import { authorBadgesSql } from '@server/modules/timeline/queries';
import { appendEntry } from '@server/modules/timeline/append';
import { noticeReported, noticeStatusChange } from '@server/modules/notifications/case-notices';
import { queueWebhookEvent } from '@server/modules/webhooks/queue';

type ReportFields = Omit<ReportInput, 'originName'>;

/**
 * Files a report (`statusAfterReport` in shared/timeline.ts): creates or reopens the case, refreshes its name and avatar, adds
 * the game, writes the report entry, and tells everyone watching — all in one transaction.
 */
export async function fileReport(services: Services, user: AuthedUser, account: ResolvedAccount, input: ReportFields, area: 'report' | 'reportById') {
  if (user.row.originUserId && user.row.originUserId === account.userId) throw new AppError(`${area}.bad`, 'you cannot report your own account');
  const description = sanitizeRichText(input.description);
  if (isBlankHtml(description)) throw new AppError(`${area}.bad`, [fieldIssue('body', 'data.description', input.description, 'empty', 'the description is empty')], 400);
  assertNotSpam(description, `${area}.spam`);
  const at = new Date();

  const result = await inTransaction(services, async (r) => {
    const { row, created } = await lockOrCreateCase(r.tx, account, at);
    const checks = await readScalars(r.tx, { previous: created ? sql<null>`null` : previousEntrySql(row.id, user.id, 'report'), achievements: authorBadgesSql(user.id) });
    assertNotDuplicate(checks.previous, description, `${area}.bad`);
    const { changes, renamed } = await applySighting(r.tx, row, account, at);
    const status = created ? 0 : statusAfterReport(row.status);
    const { entry, after, record } = await appendEntry(services, r, row, {
      type: 'report',
      author: { ...user.row, achievements: checks.achievements },
      fields: { content: description, videoLink: input.videoLink || null, cheatGame: input.game, cheatMethods: input.cheatMethods },
      caseChanges: {
        ...changes,
        games: row.games.includes(input.game) ? row.games : [...row.games, input.game],
        status,
        hackerLevel: status !== row.status ? null : row.hackerLevel,
        valid: true,
      },
      renamed,
      created,
      at,
    });
    await queueWebhookEvent(r, services.jobs, 'report', { case: record, report: { id: entry.id, game: input.game, cheatMethods: input.cheatMethods, byUserId: user.id, createTime: entry.createTime.toISOString() } });
    await noticeStatusChange(r, services.i18n, row, after, user.id);
    await noticeReported(r, services.i18n, after);
    return after;
  });
  return { originName: result.originName, originUserId: result.originUserId, originPersonaId: result.originPersonaId, dbId: result.id };
}
