import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './paths';
import express, { type NextFunction, type Request, type Response } from 'express';
import compression from 'compression';
import { pinoHttp } from 'pino-http';
import { serializeRequest } from './infra/logger';
// The path alone: the package's index also loads Swagger UI's whole browser bundle (about 18 MB resident).
import swaggerUiDir from 'swagger-ui-dist/absolute-path.js';
import type { Services } from '@server/core/services';
import { mountRoutes, type AnyRoute } from './http/route';
import { authenticate } from './modules/auth/authenticate';
import { answerError } from './http/answer-error';
import { jsonBody } from './http/json-body';
import { sendError } from './http/envelope';
import { corsPolicy } from './http/cors';
import { COMPRESS_FROM_BYTES, compressibleAnswer } from './http/compressed-body';
import { securityHeaders } from './http/security-headers';
import { buildOpenApi, docsInit, docsPage } from './http/openapi';
import { authRoutes } from './modules/auth/routes';
import { userRoutes } from './modules/users/routes';
import { siteRoutes } from './modules/site/routes';
import { caseRoutes } from './modules/cases/routes';
import { reportRoutes } from './modules/reports/routes';
import { timelineRoutes } from './modules/timeline/routes';
import { subscriptionRoutes } from './modules/subscriptions/routes';
import { searchRoutes } from './modules/search/routes';
import { statsRoutes } from './modules/stats/routes';
import { judgementRoutes } from './modules/judgement/routes';
import { adminLogRoutes } from './modules/admin/routes';
import { externalAuthRoutes } from './modules/external-auth/routes';
import { adminCommentRoutes, msGraphRoutes } from './modules/admin/content-routes';
import { announcementRoutes } from './modules/announcements/routes';
import { adminUserRoutes } from './modules/admin/users/routes';
import { appealRoutes } from './modules/appeals/routes';
import { fileRoutes } from './modules/files/routes';
import { webhookRoutes } from './modules/webhooks/routes';
import { messageRoutes } from './modules/messages/routes';
import { clientRoutes, crawlerRoutes } from './modules/pages/routes';
import { firstPaintFrom } from './modules/pages/first-paint';
import { screenReads } from './modules/pages/first-reads';
import { achievementRoutes } from './modules/achievements/routes';
import { toolRoutes } from './modules/tools/routes';
import { feedRoutes } from './modules/feed/routes';
import { openDataRoutes } from './modules/open-data/routes';
import { applicationRoutes } from './modules/applications/routes';
import { trustFunction } from './infra/trust-proxy';

const version = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version as string;

/** Every API route, in one list: served under /api and described in the OpenAPI document. */
export const apiRoutes: AnyRoute[] = [...siteRoutes, ...authRoutes, ...userRoutes, ...achievementRoutes, ...caseRoutes, ...reportRoutes, ...timelineRoutes, ...subscriptionRoutes, ...searchRoutes, ...statsRoutes, ...judgementRoutes, ...appealRoutes, ...fileRoutes, ...webhookRoutes, ...messageRoutes, ...adminLogRoutes, ...externalAuthRoutes, ...adminCommentRoutes, ...msGraphRoutes, ...announcementRoutes, ...adminUserRoutes, ...toolRoutes, ...feedRoutes, ...applicationRoutes, ...openDataRoutes];

/** The Express app: every request, API or page, goes through this one pipeline. */
export function createApp(services: Services) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustFunction(services.config.trustProxy));
  app.set('etag', false);
  app.use(securityHeaders());

  // Everything under /api in one router: each `app.use('/api', …)` of its own would match the prefix
  // and cut it from the URL again (which parses the URL anew) for every request.
  const api = express.Router();
  api.use(corsPolicy(services.config.cors).middleware);
  // pino-http logs each request at info. Below that level it would still build two child loggers per
  // request (serialising and redacting the request) for lines never written: then it is left out.
  if (services.log.isLevelEnabled('info')) {
    api.use(pinoHttp({ logger: services.log, serializers: { req: serializeRequest }, autoLogging: { ignore: (req) => req.url === '/health' }, quietReqLogger: true }));
  }
  // Applied by each route (before its rate limit), and for the pages below: a route that keeps its
  // answers applies it only when it does not answer from the read cache (`mountRoutes`).
  const compress = compression({ threshold: COMPRESS_FROM_BYTES, filter: compressibleAnswer });
  api.use(jsonBody());
  mountRoutes(api, apiRoutes, services, authenticate, compress);
  api.use(compress);
  const spec = buildOpenApi(apiRoutes, version);
  api.get('/openapi.json', (_req, res) => void res.json(spec));
  api.get('/docs', (_req, res) => void res.type('html').send(docsPage('/api/openapi.json')));
  api.get('/docs/init.js', (_req, res) => void res.type('js').send(docsInit));
  api.use('/docs/assets', express.static(swaggerUiDir(), { maxAge: '1d', index: false }));
  api.use((_req, res) => sendError(res, 404, 'request.404'));
  app.use('/api', api);

  app.use(crawlerRoutes(services));
  const warn = (err: unknown, url: string) => services.log.warn({ err, url }, 'a first screen could not be drawn: its page goes out without it');
  const firstPaint = services.config.firstPaint ? firstPaintFrom(services.config.firstPaintModule, warn) : null;
  const client = services.config.serveClient ? clientRoutes(services.config.clientDir, firstPaint, screenReads(services)) : null;
  if (client) app.use(client);

  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => answerError(services, err, req, res));
  return app;
}
