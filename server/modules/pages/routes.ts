import fs from 'node:fs';
import path from 'node:path';
import express, { type Router } from 'express';
import { isScreenPath } from '@shared/screens';
import type { Services } from '@server/services';
import { robotsTxt } from './robots';
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
 * The built client: its files, and its page for every path outside /api — 200 for the screens of
 * the shared route list, 404 for any other path (the page then shows the client's 404 screen).
 */
export function clientRoutes(clientDir: string): Router | null {
  const indexFile = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexFile)) return null;
  const router = express.Router();
  router.use(
    express.static(clientDir, {
      index: false,
      maxAge: '1h',
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  router.get('/{*splat}', (req, res) => {
    res.status(isScreenPath(req.path) ? 200 : 404).type('html').setHeader('Cache-Control', 'no-cache').send(indexHtml);
  });
  return router;
}
