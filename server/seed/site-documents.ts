import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { LANGUAGE_CODES, type LanguageCode } from '@shared/languages';
import { ANNOUNCEMENT_NAMES, type AnnouncementName } from '@shared/schemas/announcements';
import { announcements } from '@server/db/schema';
import type { Db } from '@server/db/client';
import { sanitizeRichText } from '@server/http/sanitize';
import { lockDocument } from '@server/modules/announcements/service';
import { ROOT } from '../paths';

/** Version 1 of every site document, one file per language we ship (`<code>.json`). */
export const SITE_DOCUMENTS_DIR = path.join(ROOT, 'server', 'seed', 'documents');

/** A document's text: its content is rich text (HTML) in blocks, joined as they are. */
export interface DocumentText {
  title: string;
  content: string[];
}
export type SiteDocuments = Record<AnnouncementName, DocumentText>;

export const loadSiteDocuments = (language: LanguageCode): SiteDocuments => JSON.parse(fs.readFileSync(path.join(SITE_DOCUMENTS_DIR, `${language}.json`), 'utf8')) as SiteDocuments;

/**
 * Runs at every start, on every node, before it serves: a document that has no version in any
 * language (a new site, or a database imported from elsewhere without it) gets version 1 in every
 * language; a document that has one is left as it is. Writers of a document queue on its lock, so
 * nodes starting together and a publication in flight write it once. Answers what it wrote.
 */
export async function seedSiteDocuments(db: Db): Promise<AnnouncementName[]> {
  const present = await db.selectDistinct({ name: announcements.name }).from(announcements);
  const missing = ANNOUNCEMENT_NAMES.filter((name) => !present.some((p) => p.name === name));
  if (!missing.length) return [];
  const texts = LANGUAGE_CODES.map((language) => ({ language, documents: loadSiteDocuments(language) }));
  const seeded: AnnouncementName[] = [];
  for (const name of missing) {
    const wrote = await db.transaction(async (tx) => {
      await lockDocument(tx, name);
      const [exists] = await tx.select({ one: sql`1` }).from(announcements).where(eq(announcements.name, name)).limit(1);
      if (exists) return false;
      await tx.insert(announcements).values(
        texts.map(({ language, documents }) => ({
          name,
          language,
          version: 1,
          title: documents[name].title,
          content: sanitizeRichText(documents[name].content.join('')),
        })),
      );
      return true;
    });
    if (wrote) seeded.push(name);
  }
  return seeded;
}
