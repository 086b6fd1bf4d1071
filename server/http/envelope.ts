import type { ServerResponse } from 'node:http';
import type { ErrorBody, SuccessBody } from '@shared/errors';

/** What a route handler returns: the success envelope's parts. */
export interface Reply<T = unknown> {
  code: string;
  data?: T;
  message?: string;
  total?: number;
  status?: number;
  /** The whole success envelope already serialised and encoded (a cached answer): sent as it is. */
  body?: Buffer;
  /** The read cache's key for `body`, when it is kept there (`cachedReply`). */
  cacheKey?: string;
}

export const ok = <T>(code: string, data?: T, extra: Omit<Reply<T>, 'code' | 'data'> = {}): Reply<T> => ({ code, data, ...extra });

/** The success envelope of a reply. */
export function successBody(reply: Reply): SuccessBody {
  const body: SuccessBody = { success: 1, code: reply.code };
  if (reply.data !== undefined) body.data = reply.data;
  if (reply.message !== undefined) body.message = reply.message;
  if (reply.total !== undefined) body.total = reply.total;
  return body;
}

/** An envelope as the bytes sent: serialised and encoded once. */
const encoded = (envelope: SuccessBody | ErrorBody) => Buffer.from(JSON.stringify(envelope));

/** A reply whose envelope is encoded once, to be kept and sent as it is. */
export const serialized = (reply: Reply): Reply => ({ code: reply.code, status: reply.status, body: encoded(successBody(reply)) });

/** Writes an encoded envelope as it is (Node leaves the body out of a HEAD answer, which still tells its length). */
export function writeJson(res: ServerResponse, status: number, body: Buffer) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

export function sendReply(res: ServerResponse, reply: Reply) {
  writeJson(res, reply.status ?? 200, reply.body ?? encoded(successBody(reply)));
}

export function sendError(res: ServerResponse, status: number, code: string, message?: unknown, extra: Partial<ErrorBody> = {}) {
  const body: ErrorBody = { error: 1, code, ...extra };
  if (message !== undefined) body.message = message;
  writeJson(res, status, encoded(body));
}
