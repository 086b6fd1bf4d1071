import type { Request, Response } from 'express';
import type { Services } from '@server/core/services';
import { isUnavailable } from '@server/db/errors';
import { clientErrorOf } from '@server/http/errors';
import { SESSION_END_CODES } from '@shared/errors';
import { sendError } from './envelope';

/** The original's token check answered with `err: 1`, which the web client's uploader tests: every session-ending answer carries it. */
const endsSession = (code: string) => (SESSION_END_CODES as readonly string[]).includes(code);

/** The answer to an error a request ended in: the catalogue's code for what the request did wrong, 503 when a part is down, else 500. */
export function answerError(services: Services, err: unknown, req: Request, res: Response) {
  const known = clientErrorOf(err);
  if (known) return sendError(res, known.status, known.code, known.detail, endsSession(known.code) ? { err: 1 } : {});
  const url = req.originalUrl;
  if (isUnavailable(err)) {
    services.log.warn({ err, url }, 'a part is down or too slow');
    res.setHeader('Retry-After', '5');
    return sendError(res, 503, 'server.unavailable', 'the service is briefly unavailable; try again');
  }
  services.log.error({ err, url }, 'unhandled error');
  sendError(res, 500, 'server.error', 'internal error');
}
