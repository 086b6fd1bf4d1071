import { z } from 'zod';
import { LANGUAGE_CODES, pickLanguage, type LanguageCode } from '../languages';
import { idParam, limitParam, skipParam } from './common';

import { ANNOUNCEMENT_NAMES, RULE_ANNOUNCEMENTS, type AnnouncementName } from '../announcements';

export { ANNOUNCEMENT_NAMES, RULE_ANNOUNCEMENTS, type AnnouncementName };

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_CONTENT_MAX = 100_000;

const name = z.enum(ANNOUNCEMENT_NAMES);
/** A reader's language: the closest one we ship ("de" is de-DE), en-US when absent or unknown. */
const readerLanguage = z
  .string()
  .max(35)
  .optional()
  .transform((tag): LanguageCode => pickLanguage(tag));
/** The language a version is written in (staff choose it; en-US when a client does not say). */
const versionLanguage = z.enum(LANGUAGE_CODES).default('en-US');

/** `GET /announcement`: the latest version of a document in the reader's language (`lang`), or the version asked for. */
export const announcementQuery = z.object({ name, version: idParam.optional(), lang: readerLanguage });
/** `GET /announcement/versions`: a document's versions in one language, newest first, without their content. */
export const announcementVersionsQuery = z.object({ name, lang: readerLanguage, skip: skipParam, limit: limitParam(100, 20) });

/** `POST /admin/setAnnouncement`: publish a new version. */
export const setAnnouncementBody = z.object({
  data: z.object({
    name,
    language: versionLanguage,
    title: z.string().trim().max(ANNOUNCEMENT_TITLE_MAX).default(''),
    content: z.string().min(1).max(ANNOUNCEMENT_CONTENT_MAX),
  }),
});
/** `POST /admin/restoreAnnouncement`: publish an older version again, as a new version. */
export const restoreAnnouncementBody = z.object({ data: z.object({ name, language: versionLanguage, version: idParam }) });

export interface AnnouncementVersion {
  name: AnnouncementName;
  /** The language of this version; versions are numbered per language. */
  language: LanguageCode;
  version: number;
  title: string;
  createTime: string;
  authorId: number | null;
  authorName: string | null;
  /** The version this one republished, when it was a restore. */
  restoredFrom: number | null;
  /** This is the version shown on the site. */
  latest: boolean;
}

export interface Announcement extends AnnouncementVersion {
  /** Sanitised rich text (HTML). */
  content: string;
  /** Every language the document has a version in. */
  languages: LanguageCode[];
}
