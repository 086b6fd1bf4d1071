import { FALLBACK_LANGUAGE } from '@shared/languages';
import type { Announcement } from '@shared/schemas/announcements';

/**
 * What a reader of `lang` shows once `next` is published, given what is shown now: a version in
 * their language, or an en-US one while nothing in their language is shown; never an older
 * version of the same language (events may arrive after a fresher read).
 */
export function showsInstead(shown: Announcement | null, next: Announcement, lang: string): Announcement | null {
  const reaches = next.language === lang || (next.language === FALLBACK_LANGUAGE && shown?.language !== lang);
  if (!reaches) return shown;
  if (shown && shown.language === next.language && shown.version > next.version) return shown;
  return next;
}
