import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import express, { type Router } from 'express';
import { isScreenPath } from '@shared/screens';
import type { Services } from '@server/core/services';
import { chooseEncoding } from './content-coding';
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
 * client's 404 screen). The page goes out compressed as the request accepts, like the files.
 */
export function clientRoutes(clientDir: string): Router | null {
  const indexFile = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const router = express.Router();
  router.use(staticFiles(clientDir));
  const html = fs.readFileSync(indexFile, 'utf8');
  const page = compressedPage(Buffer.from(html));
  const screenPages = new Map([...firstScreenPages(readManifest(clientDir), html)].map(([name, variant]) => [name, compressedPage(Buffer.from(variant))]));
  router.get('/{*splat}', (req, res) => {
    const screen = firstScreenOf(req.path);
    const chosen = (screen && screenPages.get(screen)) || page;
    const copy = chosen[chooseEncoding(req.get('accept-encoding'), PAGE_ENCODINGS) ?? 'identity'];
    res.vary('Accept-Encoding').status(isScreenPath(req.path) ? 200 : 404).type('html').setHeader('Cache-Control', 'no-cache');
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

/** The page in every encoding, compressed once at start, each with its own ETag (the app sets none by itself). */
function compressedPage(html: Buffer) {
  const copy = (body: Buffer, encoding?: Encoding) => ({ body, encoding, etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` });
  return {
    identity: copy(html),
    br: copy(zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }), 'br'),
    gzip: copy(zlib.gzipSync(html, { level: 9 }), 'gzip'),
  };
}
