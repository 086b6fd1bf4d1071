import type { Announcement, AnnouncementName } from './schemas/announcements';

/**
 * What the server read to draw a page's first screen (server/modules/pages/first-reads.ts), sent in
 * the page beside the screen so that the browser's first render shows the same content instead of
 * a placeholder and nothing moves when it takes over.
 */
export interface FirstReads {
  /** Site documents, by `announcementReadKey`: null while none was published. */
  announcements?: Record<string, Announcement | null>;
}

/** The id of the page's `<script type="application/json">` that carries them. */
export const FIRST_READS_ELEMENT_ID = 'first-reads';

export const announcementReadKey = (name: AnnouncementName, language: string) => `${name}:${language}`;

/**
 * The reads as a data block for the page. Its text stays inside the element whatever the
 * documents hold: `<`, `>`, `&` and the two line separators JavaScript once refused are escaped.
 */
export function firstReadsElement(reads: FirstReads): string {
  const json = JSON.stringify(reads).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/json" id="${FIRST_READS_ELEMENT_ID}">${json}</script>`;
}
