import type { Request, Response, NextFunction } from 'express';
import type { CorsSettings } from '@server/config';

/** `Origin: null` comes from sandboxed frames, file: pages and redirects: never a caller worth trusting. */
const isRealOrigin = (origin: string | undefined): origin is string => !!origin && origin !== 'null';

/** CORS for the public API: echo the caller's Origin (never `*`) so bots, apps and other sites can read answers. */
export function corsPolicy(settings: CorsSettings = {}) {
  const allowed = (origin: string | undefined): origin is string =>
    isRealOrigin(origin) && (!settings.origins || settings.origins.includes(origin));
  /** The CORS headers of an answer to a caller from `origin` (none for a caller not allowed). */
  const headersFor = (origin: string | undefined): Array<[string, string]> => {
    if (!allowed(origin)) return [];
    return [
      ['Access-Control-Allow-Origin', origin],
      ...(settings.credentialOrigins?.includes(origin) ? [['Access-Control-Allow-Credentials', 'true'] as [string, string]] : []),
      ['Access-Control-Allow-Headers', 'Content-Type, x-access-token, Accept-Language, User-Agent, Range, Content-Range'],
      ['Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS, POST, PUT, DELETE'],
      ['Access-Control-Max-Age', '600'],
    ];
  };
  const middleware = (req: Request, res: Response, next: NextFunction) => {
    res.vary('Origin');
    for (const [name, value] of headersFor(req.headers.origin)) res.setHeader(name, value);
    if (req.method === 'OPTIONS') return void res.status(200).end();
    next();
  };
  /** The Socket.IO handshake: no Origin (apps, bots) or an allowed one. */
  const socketOrigin = (origin: string | undefined, cb: (err: Error | null, allow?: boolean) => void) =>
    cb(null, origin === undefined || allowed(origin));
  return { middleware, headersFor, socketOrigin };
}
