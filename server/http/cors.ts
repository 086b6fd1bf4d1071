import type { Request, Response, NextFunction } from 'express';
import type { CorsSettings } from '@server/config';

/** `Origin: null` comes from sandboxed frames, file: pages and redirects: never a caller worth trusting. */
const isRealOrigin = (origin: string | undefined): origin is string => !!origin && origin !== 'null';

/** CORS for the public API: echo the caller's Origin (never `*`) so bots, apps and other sites can read answers. */
export function corsPolicy(settings: CorsSettings = {}) {
  const allowed = (origin: string | undefined): origin is string =>
    isRealOrigin(origin) && (!settings.origins || settings.origins.includes(origin));
  const middleware = (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    res.vary('Origin');
    if (allowed(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      if (settings.credentialOrigins?.includes(origin)) res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Access-Control-Allow-Headers', 'Content-Type, x-access-token, Accept-Language, User-Agent, Range, Content-Range');
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS, POST, PUT, DELETE');
      res.setHeader('Access-Control-Max-Age', '600');
    }
    if (req.method === 'OPTIONS') return void res.status(200).end();
    next();
  };
  /** The Socket.IO handshake: no Origin (apps, bots) or an allowed one. */
  const socketOrigin = (origin: string | undefined, cb: (err: Error | null, allow?: boolean) => void) =>
    cb(null, origin === undefined || allowed(origin));
  return { middleware, socketOrigin };
}
