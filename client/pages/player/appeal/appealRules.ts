import { APPEAL_FOR_ANY_ROLES, APPEALABLE_STATUSES, MOSS_LOG_NAME } from '@shared/judgement';
import { LIMITS } from '@shared/limits';
import { hasAny } from '@shared/privileges';
import { appealLinks } from '@shared/schemas/judgement';
import { plainText } from '@shared/spam';
import type { AppealInput, AppealTypeChoice } from '@client/api/judgement';
import { findZipEntry } from '@client/media/zipEntry';

export const APPEAL_CHOICES: readonly AppealTypeChoice[] = ['moss', 'farm', 'other'];

interface AppealViewer {
  signedIn: boolean;
  privileges: readonly string[];
  /** The platform account bound to the signed-in user (GET /user/me), if any. */
  originUserId?: string | null;
}

/**
 * Who is offered an appeal (`APPEAL_FOR_ANY_ROLES`, shared/judgement.ts): the owner of the case's game account (the
 * account bound to the signed-in user) or super, root and dev, while the case is confirmed or
 * suspected (status 1 or 2). The server decides again from the session.
 */
export function mayAppeal(viewer: AppealViewer, record: { originUserId: string; status: number }): boolean {
  if (!viewer.signedIn || !APPEALABLE_STATUSES.includes(record.status)) return false;
  if (hasAny(viewer.privileges, APPEAL_FOR_ANY_ROLES)) return true;
  return !!viewer.originUserId && viewer.originUserId === record.originUserId;
}

/** Why the appeal form is closed to this viewer, or null when it is open. Keys under `appeal.closed.`. */
export function appealClosedReason(viewer: AppealViewer, record: { originUserId: string; status: number }): 'signin' | 'status' | 'notOwner' | null {
  if (!viewer.signedIn) return 'signin';
  if (!APPEALABLE_STATUSES.includes(record.status)) return 'status';
  return mayAppeal(viewer, record) ? null : 'notOwner';
}

export interface AppealDraft {
  appealType: AppealTypeChoice;
  /** The editor's HTML. */
  content: string;
  btrLink: string;
  videoLink: string;
  /** The uploaded MOSS archive's download path, once uploaded. */
  mossDownloadUrl: string;
}

export const EMPTY_APPEAL: AppealDraft = { appealType: 'moss', content: '', btrLink: '', videoLink: '', mossDownloadUrl: '' };

export type AppealField = 'appealType' | 'content' | 'btrLink' | 'videoLink' | 'moss';
/** Keys under `appeal.errors.`. */
export type AppealProblem = 'contentRequired' | 'contentTooLong' | 'badLink' | 'mossRequired';

const linkOk = (link: string) => !link.trim() || appealLinks.shape.btrLink.safeParse(link).success;

/** The first problem of each field: a written appeal, http(s) links, and the archive for a MOSS appeal. */
export function appealProblems(draft: AppealDraft): Partial<Record<AppealField, AppealProblem>> {
  const problems: Partial<Record<AppealField, AppealProblem>> = {};
  if (!plainText(draft.content) && !/<img\b/i.test(draft.content)) problems.content = 'contentRequired';
  else if (draft.content.length > LIMITS.appealMax) problems.content = 'contentTooLong';
  if (!linkOk(draft.btrLink)) problems.btrLink = 'badLink';
  if (!linkOk(draft.videoLink)) problems.videoLink = 'badLink';
  if (draft.appealType === 'moss' && !draft.mossDownloadUrl) problems.moss = 'mossRequired';
  return problems;
}

/** The request body: empty links left out, the archive's address made absolute (the API takes full URLs). */
export function appealPayload(draft: AppealDraft, toPlayerId: number, origin: string): AppealInput {
  const extendedLinks: AppealInput['extendedLinks'] = {};
  if (draft.btrLink.trim()) extendedLinks.btrLink = draft.btrLink.trim();
  if (draft.videoLink.trim()) extendedLinks.videoLink = draft.videoLink.trim();
  if (draft.appealType === 'moss' && draft.mossDownloadUrl) extendedLinks.mossDownloadUrl = new URL(draft.mossDownloadUrl, origin).href;
  return { toPlayerId, appealType: draft.appealType, content: draft.content, extendedLinks };
}

export type ZipVerdict = 'ok' | 'noLog' | 'notZip';

const VERDICTS = { found: 'ok', missing: 'noLog', notZip: 'notZip' } as const;

/**
 * Whether an archive is a zip holding the MOSS log (Logfile.log, in any folder, any case). The
 * server checks the same on upload and on the appeal; this only answers at once, before the upload.
 */
export function inspectMossZip(bytes: Uint8Array): ZipVerdict {
  return VERDICTS[findZipEntry(bytes, (path) => (path.split('/').pop() ?? '').toLowerCase() === MOSS_LOG_NAME)];
}
