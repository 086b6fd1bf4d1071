import { APPEAL_COOLDOWN_MS, APPEAL_FOR_ANY_ROLES, APPEALABLE_STATUSES } from '@shared/judgement';
import { hasAny } from '@shared/privileges';
import type { BanAppealInput } from '@shared/schemas/judgement';
import type { Services } from '@server/core/services';
import type { AuthedUser } from '@server/core/authed-user';
import { AppError } from '@server/app-error';
import { sanitizeRichText } from '@server/http/sanitize';
import { inTransaction } from '@server/db/outbox';
import { caseById } from '@server/modules/cases/queries';
import { assertNotSpam } from '@server/modules/timeline/spam';
import { noticeNewAppeal, noticeStatusChange } from '@server/modules/notifications/case-notices';
import { fileByLink } from '@server/modules/files/service';
import { downloadPath } from '@server/modules/files/present';
import { queueWebhookEvent } from '@server/modules/webhooks/queue';
import { appendEntry } from '@server/modules/timeline/append';
import { readScalars } from '@server/db/scalars';
import { authorBadgesSql } from '@server/modules/timeline/queries';
import { tallyFrom } from '@server/modules/judgement/votes';
import { appealFromJson, latestAppealSql, type AppealExtra } from '../judgement/appeal-state';

/**
 * The attached archive, if any: it must be the appellant's own upload (or any, for high staff),
 * named as the upload answered (name, relative or absolute link of `ownOrigins`); a MOSS appeal
 * needs one holding `Logfile.log`. Answers the canonical link stored with the appeal.
 */
async function attachedArchive(services: Services, user: AuthedUser, input: BanAppealInput, ownOrigins: readonly string[], highStaff: boolean) {
  const link = input.extendedLinks.mossDownloadUrl;
  const moss = input.appealType === 'moss';
  if (!link) {
    if (moss) throw new AppError('banAppeal.bad', 'a MOSS appeal needs its MOSS archive (a zip with Logfile.log)');
    return undefined;
  }
  const file = await fileByLink(services.db, link, ownOrigins);
  if (!file || (file.byUserId !== user.id && !highStaff)) throw new AppError('banAppeal.bad', 'upload the MOSS archive here first');
  if (moss && (file.mimeType !== 'application/zip' || !file.details.hasMossLog)) throw new AppError('banAppeal.bad', 'not a valid zip archive: it must contain Logfile.log');
  return `${services.config.publicUrl}${downloadPath(file.name)}`;
}

/**
 * An appeal (docs/api-compatibility.md#bugs-of-the-original-not-kept): only from status 1 or 2, by the owner of the case's
 * platform account — read from the signed-in user, never from the request — or super/root/dev;
 * one per 24 h; the case moves to 9 and staff are told.
 */
export async function fileAppeal(services: Services, user: AuthedUser, input: BanAppealInput, ownOrigins: readonly string[]) {
  const highStaff = hasAny(user.privileges, APPEAL_FOR_ANY_ROLES);
  const content = sanitizeRichText(input.content);
  assertNotSpam(content, 'banAppeal.bad');
  const mossDownloadUrl = await attachedArchive(services, user, input, ownOrigins, highStaff);
  const extendedLinks = { ...input.extendedLinks, mossDownloadUrl };
  if (!mossDownloadUrl) delete extendedLinks.mossDownloadUrl;

  return inTransaction(services, async (r) => {
    const { tx } = r;
    const row = await caseById(tx, input.toPlayerId, { forUpdate: true });
    if (!row) throw new AppError('banAppeal.notFound', 'no such case');
    if (!highStaff && (!user.row.originUserId || user.row.originUserId !== row.originUserId)) {
      throw new AppError('user.permissionDenied', 'only the owner of this game account can appeal');
    }
    const checks = await readScalars(tx, { previous: latestAppealSql(row.id), achievements: authorBadgesSql(user.id) });
    const previous = appealFromJson(checks.previous);
    if (previous?.appealStatus === 'lock') throw new AppError('banAppeal.locked', 'the appeals of this case are locked');
    if (!APPEALABLE_STATUSES.includes(row.status)) throw new AppError('banAppeal.noNeed', 'only confirmed or suspected cases can be appealed');
    const at = new Date();
    if (!highStaff && previous && at.getTime() - previous.createTime.getTime() < APPEAL_COOLDOWN_MS) {
      throw new AppError('banAppeal.timeLimit', 'one appeal per 24 hours');
    }
    const extra: AppealExtra = { appealType: input.appealType, extendedLinks: extendedLinks as Record<string, string>, statusBefore: row.status, statusTimeBefore: row.statusTime.toISOString() };
    const { entry, after, record } = await appendEntry(services, r, row, {
      type: 'banAppeal',
      author: { ...user.row, achievements: checks.achievements },
      fields: { content, extra: extra as unknown as Record<string, unknown>, appealStatus: 'unprocessed', viewedAdmins: [] },
      caseChanges: { status: 9, appealStatus: 'unprocessed' },
      // Under appeal the case waits for no votes: the tally says so.
      tally: tallyFrom({ id: row.id, status: 9 }, []),
      at,
    });
    await noticeNewAppeal(r, services.i18n, after, input.appealType);
    await queueWebhookEvent(r, services.jobs, 'banAppeal', { case: record, appeal: { id: entry.id, appealType: input.appealType, byUserId: user.id, createTime: at.toISOString() } });
    await noticeStatusChange(r, services.i18n, row, after, user.id);
    return { id: entry.id, toPlayerId: row.id, status: after.status };
  });
}
