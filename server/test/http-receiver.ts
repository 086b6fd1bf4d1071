import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
}

/**
 * Endpoints on loopback for outgoing HTTP (webhooks, one path per test): records every request's
 * raw body and answers with the path's next planned status (200 when none is planned).
 */
export function httpReceiver() {
  const all: ReceivedRequest[] = [];
  const plans = new Map<string, number[]>();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const path = req.url ?? '/';
      all.push({ path, headers: req.headers, raw });
      res.statusCode = plans.get(path)?.shift() ?? 200;
      res.end('ok');
    });
  });
  let base = '';
  let n = 0;
  return {
    /** A fresh endpoint: its URL, what it received, and its planned answers. */
    endpoint() {
      const path = `/hook/${++n}`;
      const plan: number[] = [];
      plans.set(path, plan);
      return { url: `${base}${path}`, plan, received: () => all.filter((r) => r.path === path) };
    },
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
