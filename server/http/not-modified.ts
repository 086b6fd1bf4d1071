import type { Request, Response } from 'express';

/** An entity tag without its weakness mark: If-None-Match compares tags weakly (RFC 9110, section 13.1.2). */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/** Whether `If-None-Match` names this version (a list of tags, or `*`). */
export function holdsVersion(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === wanted);
}

/**
 * Answers 304 (with the ETag) when the request already holds the version `etag` names; otherwise
 * the caller answers, and sets the ETag on a successful answer only: an error carries none. Not
 * Express's `req.fresh`, which answers 200 to any request with `Cache-Control: no-cache`, as
 * `fetch` sends with every conditional request: that header is for caches, and the server still
 * evaluates the condition.
 */
export function answeredNotModified(req: Request, res: Response, etag: string): boolean {
  if (!holdsVersion(req.headers['if-none-match'], etag)) return false;
  res.setHeader('ETag', etag);
  res.statusCode = 304;
  res.end();
  return true;
}
