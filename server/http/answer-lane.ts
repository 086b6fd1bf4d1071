import type { IncomingMessage, ServerResponse } from 'node:http';
import querystring from 'node:querystring';
import type { Request, Response } from 'express';
import proxyaddr from 'proxy-addr';
import { LRUCache } from 'lru-cache';
import type { Services } from '@server/services';
import type { RateLimitName } from '@server/infra/rate-limits';
import { serializeRequest } from '@server/infra/logger';
import { sendError, writeJson } from './envelope';
import { answerError } from './answer-error';
import { runChain, type PathTable } from './path-table';
import { withinRateLimit } from './rate-limit';
import { HSTS, siteSecurityHeaders } from './security-headers';

/** How many request URLs the lane remembers the answers of. */
const URLS_KEPT = 20_000;

/** What the lane knows of a URL: where its answer is kept, and what its route adds to it. */
interface Known {
  cacheKey: string;
  /** Headers the route's handler set (Cache-Control). */
  headers: Array<[string, string]>;
  rateLimit?: RateLimitName;
}

export interface AnswerLane {
  /**
   * After a visitor's GET was answered from the read cache or kept there: the same URL, asked
   * again by a visitor, is that cache entry while it lives.
   */
  remember(url: string, known: Known): void;
  /**
   * Answers a visitor's GET or HEAD whose answer is kept; runs every other GET or HEAD of an API
   * route (without a body) itself; gives the rest to `app`.
   */
  handle(req: IncomingMessage, res: ServerResponse, app: (req: IncomingMessage, res: ServerResponse) => void): void;
  /** Requests the lane answered with a kept answer (tests and benches read it). */
  readonly answered: number;
  /** Requests whose route the lane ran itself. */
  readonly dispatched: number;
}

interface LaneDeps {
  services: Services;
  /** Express's compiled `trust proxy` (`app.get('trust proxy fn')`): the IP and the protocol are read as the app reads them. */
  trust: (address: string, hop: number) => boolean;
  cors: { headersFor(origin: string | undefined): Array<[string, string]> };
  /** The API's routes without parameters in their paths (`mountRoutes` fills it). */
  routes: PathTable;
}

const API = '/api';

/** A GET may carry a body; the app's body parser would read it, so such a request stays the app's. */
const withoutBody = (req: IncomingMessage) => !req.headers['transfer-encoding'] && (req.headers['content-length'] === undefined || req.headers['content-length'] === '0');

/** A request whose answer may depend on who asks (it carries a token) is never the lane's. */
export const fromVisitor = (req: IncomingMessage) => !req.headers['x-access-token'];

/**
 * The API's lane for GETs, in front of Express. Express's router and its request and response
 * objects (their prototypes swapped per request) were two thirds of the CPU of a GET answered from
 * the read cache, and about half of one read from the database. So:
 * - a visitor's GET whose URL was answered from the read cache before gets the kept bytes here,
 *   with the headers the app sends (helmet's, CORS, HSTS over https, the route's own), after the
 *   route's per-IP limit. The cache entry decides as before: once an event has dropped it, the
 *   request is run again, which keeps and remembers it anew. URLs map to cache keys only.
 * - any other GET or HEAD of a route without parameters in its path is run here through the same
 *   handlers `mountRoutes` gives Express (`PathTable`), on Node's own request and response.
 * Everything else (writes, parameter routes, the docs, the pages, the routes marked `viaExpress`)
 * goes to Express as before. Answers are logged as the app logs them.
 */
export function createAnswerLane({ services, trust, cors, routes }: LaneDeps): AnswerLane {
  const known = new LRUCache<string, Known>({ max: URLS_KEPT });
  const security = siteSecurityHeaders();
  const logRequests = services.log.isLevelEnabled('info');
  let answered = 0;
  let dispatched = 0;

  /** Whether the request came over https, as Express's `req.secure` reads it. */
  const secure = (req: IncomingMessage) => {
    if ((req.socket as { encrypted?: boolean }).encrypted) return true;
    if (!trust(req.socket.remoteAddress ?? '', 0)) return false;
    const proto = req.headers['x-forwarded-proto'];
    const first = (Array.isArray(proto) ? proto[0] : proto)?.split(',')[0]?.trim();
    return first === 'https';
  };

  /** What every answer of the app carries, whatever its status (helmet's headers, HSTS, CORS). */
  const setCommonHeaders = (req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of security) res.setHeader(name, value);
    if (secure(req)) res.setHeader(...HSTS);
    res.setHeader('Vary', 'Origin');
    for (const [name, value] of cors.headersFor(req.headers.origin)) res.setHeader(name, value);
  };

  const logged = (req: IncomingMessage, res: ServerResponse, started: number) => {
    if (logRequests) services.log.info({ req: serializeRequest({ method: req.method, url: req.url }), res: { statusCode: res.statusCode }, responseTime: Date.now() - started }, 'request completed');
  };

  const send = (req: IncomingMessage, res: ServerResponse, entry: Known, body: Buffer, started: number) => {
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    writeJson(res, 200, body);
    answered++;
    logged(req, res, started);
  };

  const answerKept = (req: IncomingMessage, res: ServerResponse, entry: Known, body: Buffer, app: (req: IncomingMessage, res: ServerResponse) => void) => {
    const started = Date.now();
    setCommonHeaders(req, res);
    if (!entry.rateLimit) return send(req, res, entry, body, started);
    withinRateLimit(services, entry.rateLimit, proxyaddr(req, trust), res).then(
      (within) => {
        if (within) return send(req, res, entry, body, started);
        answered++;
        logged(req, res, started);
      },
      // The limiter's store failed: the app answers as it does then.
      () => app(req, res),
    );
  };

  /**
   * A route's handlers on Node's own request and response, given what they read of Express's:
   * the parsed query (Express's "simple" parser is Node's querystring), the client's address as
   * TRUST_PROXY says, the URL. An error is answered as the app's error handler answers it.
   */
  const dispatch = (req: IncomingMessage, res: ServerResponse, chain: NonNullable<ReturnType<PathTable['find']>>, search: string) => {
    const started = Date.now();
    dispatched++;
    Object.assign(req, { query: querystring.parse(search), ip: proxyaddr(req, trust), originalUrl: req.url });
    setCommonHeaders(req, res);
    if (logRequests) res.once('finish', () => logged(req, res, started));
    runChain(chain, req as Request, res as Response, (err?: unknown) => {
      // An answer that failed after it began cannot be answered again: its connection is closed, as Express closes it.
      if (res.headersSent) return void (err && res.destroy());
      if (err) answerError(services, err, req, res);
      else sendError(res, 404, 'request.404');
    });
  };

  return {
    remember(url, entry) {
      known.set(url, entry);
    },
    handle(req, res, app) {
      const url = req.url ?? '';
      if ((req.method !== 'GET' && req.method !== 'HEAD') || !url.startsWith(`${API}/`) || !withoutBody(req)) return app(req, res);
      const entry = fromVisitor(req) ? known.get(url) : undefined;
      const body = entry && services.readCache.get(entry.cacheKey);
      if (entry && body !== undefined) return answerKept(req, res, entry, body, app);
      const mark = url.indexOf('?');
      const chain = routes.find(req.method, mark < 0 ? url.slice(API.length) : url.slice(API.length, mark));
      if (!chain) return app(req, res);
      dispatch(req, res, chain, mark < 0 ? '' : url.slice(mark + 1));
    },
    get answered() {
      return answered;
    },
    get dispatched() {
      return dispatched;
    },
  };
}
