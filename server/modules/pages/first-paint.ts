import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { LRUCache } from 'lru-cache';
import { firstReadsElement, type FirstReads } from '@shared/first-reads';
import { isRtl, type LanguageCode } from '@shared/languages';
import type { ScreenReads } from './first-reads';
import { lazyCompressedPage, type PageCopy, type PageEncoding } from './page-copies';

/** What the client's server entry exports (client/firstPaint/render.tsx, built into dist/ssr). */
type Render = (url: string, language: LanguageCode, reads?: FirstReads) => Promise<string | null>;

/** Addresses longer than this are sent without a first paint (and take no room in the cache). */
const URL_MAX = 512;
/** Pages kept drawn: the first screens in the languages read most, and the cases opened most. */
const CACHE_PAGES = 500;

/** A page with its screen drawn, in the encoding a request asks for. */
export type DrawnPage = (encoding: PageEncoding) => Promise<PageCopy>;

export interface FirstPaint {
  /**
   * `html` (the page a first screen is sent as) with the screen at `url` drawn inside its root, in
   * `language`, with what was read for it (`read`, then sent beside it), and the document's language
   * and direction set to it; null when it cannot be drawn (then the page goes out as it is).
   */
  page(html: string, url: string, language: LanguageCode, read?: ScreenReads | null): Promise<DrawnPage | null>;
}

/** The page's language and direction on its `<html>` tag, the drawn screen in its root and, after it, what it was read with. */
export function withFirstPaint(html: string, markup: string, language: LanguageCode, reads?: FirstReads): string {
  return html
    .replace(/<html\b([^>]*?)\s+lang="[^"]*"/, `<html$1 lang="${language}"`)
    .replace(/<html\b/, `<html dir="${isRtl(language) ? 'rtl' : 'ltr'}"`)
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>${reads ? firstReadsElement(reads) : ''}`);
}

/**
 * The first paint drawn by the client's server entry at `file`, each page drawn once and kept (an
 * LRU of pages by address and language: the screens are the same for every reader who asks in one
 * language). The entry is loaded at once. Null when the build has no server entry. A screen that fails to draw is logged once
 * per address and sent without its first paint.
 */
export function firstPaintFrom(file: string, warn: (error: unknown, url: string) => void): FirstPaint | null {
  if (!fs.existsSync(file)) return null;
  let render: Promise<Render> | undefined;
  const load = () =>
    (render ??= import(pathToFileURL(file).href).then((module: { renderFirstPaint?: Render }) => {
      if (typeof module.renderFirstPaint !== 'function') throw new Error(`${file} exports no renderFirstPaint`);
      return module.renderFirstPaint;
    }));
  // Loaded as the node starts, not by the first reader's page.
  load().catch(() => undefined);
  const drawn = new LRUCache<string, Promise<DrawnPage | null>>({ max: CACHE_PAGES });
  return {
    page(html, url, language, read) {
      if (url.length > URL_MAX) return Promise.resolve(null);
      // A page drawn with reads is drawn again when they change (a new version of its document).
      const key = `${language} ${url} ${read?.key ?? ''}`;
      let page = drawn.get(key);
      if (!page) {
        page = load()
          .then((draw) => draw(url, language, read?.reads))
          .then(
            (markup) => (markup === null ? null : lazyCompressedPage(Buffer.from(withFirstPaint(html, markup, language, read?.reads)))),
            (error: unknown) => {
              warn(error, url);
              return null;
            },
          );
        drawn.set(key, page);
      }
      return page;
    },
  };
}
