import fs from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import type { FirstScreen } from '@shared/first-screens';
import type { LanguageCode } from '@shared/languages';
import { isScreenPath, SCREENS } from '@shared/screens';
import type { Services } from '@server/core/services';
import { chooseEncoding } from './content-coding';
import type { FirstPaint } from './first-paint';
import type { ScreenReads } from './first-reads';
import { compressedPage, type PageCopy } from './page-copies';
import { pageLanguage } from './page-language';
import type { Encoding } from './precompress';
import { robotsTxt } from './robots';
import { firstScreenOf, firstScreenPages, type Manifest } from './screen-preloads';
import { staticFiles } from './static-files';
import { casesSitemap, pagesSitemap, sitemapIndex } from './sitemap';

const XML = 'application/xml; charset=utf-8';
const CACHE = 'public, max-age=3600';

/** robots.txt and the sitemaps: served whether or not this node serves the client. */
export function crawlerRoutes(services: Services): Router {
  const { publicUrl } = services.config;
  const router = express.Router();
  router.get('/robots.txt', (_req, res) => void res.type('text/plain').setHeader('Cache-Control', CACHE).send(robotsTxt(publicUrl)));
  router.get('/sitemap.xml', async (_req, res) => void res.type(XML).setHeader('Cache-Control', CACHE).send(await sitemapIndex(services.db, publicUrl)));
  router.get('/sitemaps/pages.xml', (_req, res) => void res.type(XML).setHeader('Cache-Control', CACHE).send(pagesSitemap(publicUrl)));
  router.get('/sitemaps/cases-:n.xml', async (req, res, next) => {
    const n = /^\d{1,6}$/.test(req.params.n) ? Number(req.params.n) : null;
    const xml = n === null ? null : await casesSitemap(services.db, publicUrl, n);
    if (xml === null) return next();
    res.type(XML).setHeader('Cache-Control', CACHE).send(xml);
  });
  return router;
}

/**
 * The built client: its files (static-files.ts), and its page for every path outside /api — 200
 * for the screens of the shared route list, 404 for any other path (the page then shows the
 * client's 404 screen). A first screen's page comes with the screen drawn in the reader's language
 * when the build has its server entry (`firstPaint`, ./first-paint.ts). The page goes out
 * compressed as the request accepts, like the files.
 */
export function clientRoutes(clientDir: string, firstPaint: FirstPaint | null = null, readsFor: ReadsFor = async () => null): Router | null {
  const indexFile = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const router = express.Router();
  router.use(staticFiles(clientDir));
  const html = fs.readFileSync(indexFile, 'utf8');
  const page = compressedPage(Buffer.from(html));
  const screenHtml = firstScreenPages(readManifest(clientDir), html);
  const screenPages = new Map([...screenHtml].map(([name, variant]) => [name, compressedPage(Buffer.from(variant))]));
  router.get('/{*splat}', async (req, res) => {
    const screen = firstScreenOf(req.path);
    const encoding = chooseEncoding(req.get('accept-encoding'), PAGE_ENCODINGS) ?? 'identity';
    let copy: PageCopy = ((screen && screenPages.get(screen)) || page)[encoding];
    res.vary('Accept-Encoding');
    if (screen && firstPaint) {
      // The address's `?lang=`, the language cookie or Accept-Language choose the language (./page-language.ts).
      res.vary('Accept-Language').vary('Cookie');
      // Every unknown address shows the same 404 screen: drawn once, not once per address.
      const url = screen === 'notFound' ? SCREENS.notFound : req.originalUrl;
      const language = pageLanguage(req);
      // A read that fails leaves the screen drawn without it: the app reads it once it runs.
      const read = await readsFor(screen, req.path, language).catch(() => null);
      const drawn = await firstPaint.page(screenHtml.get(screen) ?? html, url, language, read);
      if (drawn) copy = await drawn(encoding);
    }
    res.status(isScreenPath(req.path) ? 200 : 404).type('html').setHeader('Cache-Control', 'no-cache');
    if (copy.encoding) res.setHeader('Content-Encoding', copy.encoding);
    res.setHeader('ETag', copy.etag);
    if (req.fresh) return void res.status(304).end();
    res.send(copy.body);
  });
  return router;
}

/** Vite's manifest of the build, which names each page's chunks; none for a client built without one. */
function readManifest(clientDir: string): Manifest {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest) : {};
}

const PAGE_ENCODINGS = new Set<Encoding>(['br', 'gzip']);

/** What a first screen is drawn with (./first-reads.ts). */
type ReadsFor = (screen: FirstScreen, pathname: string, language: LanguageCode) => Promise<ScreenReads | null>;
