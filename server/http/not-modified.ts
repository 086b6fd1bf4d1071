import type { Request, Response } from 'express';

/**
 * Answers 304 when the request already holds the version `etag` names (`If-None-Match`, compared
 * weakly as RFC 9110 says, by Express's `req.fresh`). Otherwise the caller answers, and sets the
 * ETag on a successful answer only: an error carries none.
 */
export function answeredNotModified(req: Request, res: Response, etag: string): boolean {
  res.setHeader('ETag', etag);
  if (req.fresh) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  res.removeHeader('ETag');
  return false;
}
