import crypto from 'node:crypto';
import { isRuleAnnouncement } from '@shared/announcements';
import { announcementReadKey, type FirstReads } from '@shared/first-reads';
import type { LanguageCode } from '@shared/languages';
import type { Services } from '@server/core/services';
import { readAnnouncement } from '@server/modules/announcements/service';
import type { FirstScreen } from '@shared/first-screens';

/** What a first screen was read with, and a key that changes when any of it does (the drawn page's cache key). */
export interface ScreenReads {
  reads: FirstReads;
  key: string;
}

const RULE_PATH = /^\/announcement\/([^/]+)\/?$/;

/**
 * The reads a first screen is drawn with (shared/first-reads.ts), for the screens whose main
 * content would otherwise arrive only after the app has run: a rule page's document. Null for
 * every other screen (drawn with nothing read).
 */
export const screenReads = (services: Services) => (screen: FirstScreen, pathname: string, language: LanguageCode) => readsForScreen(services, screen, pathname, language);

async function readsForScreen(services: Services, screen: FirstScreen, pathname: string, language: LanguageCode): Promise<ScreenReads | null> {
  if (screen !== 'announcement') return null;
  const name = RULE_PATH.exec(pathname)?.[1];
  if (!isRuleAnnouncement(name)) return null;
  const doc = await readAnnouncement(services.db, name, language);
  const reads: FirstReads = { announcements: { [announcementReadKey(name, language)]: doc } };
  return { reads, key: crypto.createHash('sha1').update(JSON.stringify(reads)).digest('base64url') };
}
