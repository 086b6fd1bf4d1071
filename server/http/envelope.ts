import type { Response } from 'express';
import type { ErrorBody, SuccessBody } from '@shared/errors';

/** What a route handler returns: the success envelope's parts. */
export interface Reply<T = unknown> {
  code: string;
  data?: T;
  message?: string;
  total?: number;
  status?: number;
}

export const ok = <T>(code: string, data?: T, extra: Omit<Reply<T>, 'code' | 'data'> = {}): Reply<T> => ({ code, data, ...extra });

export function sendReply(res: Response, reply: Reply) {
  const body: SuccessBody = { success: 1, code: reply.code };
  if (reply.data !== undefined) body.data = reply.data;
  if (reply.message !== undefined) body.message = reply.message;
  if (reply.total !== undefined) body.total = reply.total;
  res.status(reply.status ?? 200).json(body);
}

export function sendError(res: Response, status: number, code: string, message?: unknown, extra: Partial<ErrorBody> = {}) {
  const body: ErrorBody = { error: 1, code, ...extra };
  if (message !== undefined) body.message = message;
  res.status(status).json(body);
}
