import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  headers: http.IncomingHttpHeaders;
  raw: string;
  body: { id: number; event: string; attempt: number; data: Record<string, unknown> };
}

/** A bot's endpoint on loopback: records every POST and answers 200. */
export async function startWebhookReceiver() {
  const received: ReceivedHook[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      try {
        received.push({ headers: req.headers, raw, body: JSON.parse(raw) });
      } catch {
        // Not JSON: not ours to record.
      }
      res.statusCode = 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tribunal-hook`,
    received,
    /** Whether the signature header is the HMAC-SHA256 of the raw body with `secret`. */
    signedWith: (hook: ReceivedHook, secret: string) =>
      hook.headers['x-tribunal-signature'] === `sha256=${crypto.createHmac('sha256', secret).update(hook.raw).digest('hex')}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
