import type { Request } from 'express';
import { isAppKey } from '@shared/applications';

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * The token a request carries: `x-access-token`, as every client of the original sends it
 * (docs/api-compatibility.md#tokens); an application's key may also come as `Authorization: Bearer`.
 */
export function requestToken(req: Request): string | undefined {
  const header = req.headers['x-access-token'];
  const raw = Array.isArray(header) ? header[0] : header;
  if (raw) return raw;
  const bearer = BEARER.exec(req.headers.authorization ?? '')?.[1];
  return bearer && isAppKey(bearer) ? bearer : undefined;
}

/** Whether the request is made with an application's key. */
export function carriesAppKey(req: Request): boolean {
  const raw = requestToken(req);
  return !!raw && isAppKey(raw);
}
