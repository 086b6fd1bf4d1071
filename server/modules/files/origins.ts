import type { Request } from 'express';

/**
 * The origins our own links may carry: the site's public address and the address this request was
 * sent to (a node reached directly, a development proxy).
 */
export function ownOrigins(publicUrl: string, req: Request): string[] {
  const origins = [new URL(publicUrl).origin];
  const host = req.get('host');
  if (host) {
    try {
      origins.push(new URL(`${req.protocol}://${host}`).origin);
    } catch {
      // A malformed Host header names no origin of ours.
    }
  }
  return origins;
}
