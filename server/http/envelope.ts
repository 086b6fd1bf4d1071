import type { Response } from 'express';
import type { ErrorBody, SuccessBody } from '@shared/errors';
import { NO_STORE, type RouteCache } from './cache-control';
import { answerEncoded } from './compressed-body';

/** What a route handler returns: the success envelope's parts. */
export interface Reply<T = unknown> {
  code: string;
  data?: T;
  message?: string;
  total?: number;
  /** The sequence of the live room this answer is current as of (SuccessBody). */
  lastSeq?: number;
  status?: number;
  /** The whole success envelope already serialised and encoded (a cached answer): sent as it is. */
  body?: Buffer;
  /** The read cache's key for `body`, when it is kept there (a route's `keep`, `cached-reply.ts`). */
  cacheKey?: string;
  /**
   * On a route that keeps its answers (`keep`, `route.ts`): the rooms whose events change this
   * answer; it is kept until one of them announces a change. Neither this nor `keepMs`: not kept.
   */
  rooms?: string | readonly string[];
  /**
   * How long it may be kept instead of the read cache's own time (`READ_CACHE_TTL_MS`): for an
   * aggregate that no event announces and that is costly to compute (rankings over a year), kept by
   * time alone (no rooms).
   */
  keepMs?: number;
  /** This answer's own caching, in place of its route's (null: not to be kept). */
  cache?: RouteCache | null;
}

export const ok = <T>(code: string, data?: T, extra: Omit<Reply<T>, 'code' | 'data'> = {}): Reply<T> => ({ code, data, ...extra });

/** The success envelope of a reply. */
export function successBody(reply: Reply): SuccessBody {
  const body: SuccessBody = { success: 1, code: reply.code };
  if (reply.data !== undefined) body.data = reply.data;
  if (reply.message !== undefined) body.message = reply.message;
  if (reply.total !== undefined) body.total = reply.total;
  if (reply.lastSeq !== undefined) body.lastSeq = reply.lastSeq;
  return body;
}

/** An envelope as the bytes sent: serialised and encoded once. */
const encoded = (envelope: SuccessBody | ErrorBody) => Buffer.from(JSON.stringify(envelope));

/** A reply whose envelope is encoded once, to be kept and sent as it is. */
export const serialized = (reply: Reply): Reply => ({ code: reply.code, status: reply.status, body: encoded(successBody(reply)) });

/**
 * Writes an encoded envelope (Node leaves the body out of a HEAD answer, which still tells its
 * length), compressed here when long enough and the client accepts it (`answerEncoded`): a kept
 * answer from its kept copy, a long one once compressed off the main thread. The `compression`
 * middleware finds it encoded and lets it through.
 */
function writeJson(res: Response, status: number, body: Buffer, kept = false) {
  res.statusCode = status;
  // Refused before its body was read (size, type, token, limit): what is left of the body cannot be
  // told from a next request, so the connection ends with this answer; the client opens a new one.
  if (!res.req.complete) res.setHeader('Connection', 'close');
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  // The answer differs by the encoding asked, plain or not.
  res.vary('Accept-Encoding');
  answerEncoded(res.req, body, kept, (compressed) => {
    if (compressed) res.setHeader('Content-Encoding', compressed.encoding);
    const bytes = compressed?.bytes ?? body;
    res.setHeader('Content-Length', bytes.length);
    res.end(bytes);
  });
}

export function sendReply(res: Response, reply: Reply) {
  writeJson(res, reply.status ?? 200, reply.body ?? encoded(successBody(reply)), reply.cacheKey !== undefined);
}

/** An error is never kept by a cache, whatever the route would let keep its answers. */
export function sendError(res: Response, status: number, code: string, message?: unknown, extra: Partial<ErrorBody> = {}) {
  const body: ErrorBody = { error: 1, code, ...extra };
  if (message !== undefined) body.message = message;
  res.setHeader('Cache-Control', NO_STORE);
  writeJson(res, status, encoded(body));
}
