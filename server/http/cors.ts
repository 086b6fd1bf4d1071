import type { Request, Response, NextFunction } from 'express';

/**
 * CORS as the existing clients need it: echo the Origin with credentials (api-clients §3).
 * Safe because the server never authenticates by cookie, only by the x-access-token header.
 * CORS_ORIGINS (comma separated) narrows the echo to a list.
 */
export function corsPolicy(allowList?: string[]) {
  const allowed = (origin: string | undefined) => !!origin && (!allowList || allowList.includes(origin));
  const middleware = (req: Request, res: Response, next: NextFunction) => {
    const origin = req.headers.origin;
    if (allowed(origin)) {
      res.setHeader('Access-Control-Allow-Origin', origin!);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader('Vary', 'Origin');
      res.setHeader('Access-Control-Allow-Headers', 'Content-Type, x-access-token, Accept-Language, User-Agent, Range, Content-Range');
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS, POST, PUT, DELETE');
      res.setHeader('Access-Control-Max-Age', '600');
    }
    if (req.method === 'OPTIONS') return void res.status(200).end();
    next();
  };
  const socketOrigin = (origin: string | undefined, cb: (err: Error | null, allow?: boolean) => void) => cb(null, !origin || allowed(origin));
  return { middleware, socketOrigin };
}
