import type { Response } from 'express';
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

/** A reply whose envelope is serialised and encoded once, to be kept and sent as it is. */
export const serialized = (reply: Reply): Reply => ({ code: reply.code, status: reply.status, body: Buffer.from(JSON.stringify(successBody(reply))) });

export function sendReply(res: Response, reply: Reply) {
  if (reply.body !== undefined) {
    // Written as it is (Node leaves the body out of a HEAD answer, which still tells its length).
    res.status(reply.status ?? 200).setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', reply.body.length);
    return void res.end(reply.body);
  }
  res.status(reply.status ?? 200).json(successBody(reply));
}

export function sendError(res: Response, status: number, code: string, message?: unknown, extra: Partial<ErrorBody> = {}) {
  const body: ErrorBody = { error: 1, code, ...extra };
  if (message !== undefined) body.message = message;
  res.status(status).json(body);
}
