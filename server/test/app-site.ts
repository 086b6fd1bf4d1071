import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import selfsigned from 'selfsigned';

/**
 * An app's website for external-authorization tests: a real HTTPS server on loopback with a
 * certificate from a throwaway CA (whose PEM file the server under test is told to trust). It
 * serves `/auths.txt` and records what is POSTed to its callback.
 */
export interface AppSite {
  /** `https://localhost:<port>` */
  origin: string;
  caFile: string;
  /** What `/auths.txt` answers (status and body). */
  authsTxt: { status: number; body: string };
  /** Paths answering a redirect to `/auths.txt` (to prove redirects are not followed). */
  redirectAll: boolean;
  callbacks: Array<{ path: string; body: unknown }>;
  callbackStatus: number;
  close(): Promise<void>;
}

export async function startAppSite(): Promise<AppSite> {
  const ca = await selfsigned.generate([{ name: 'commonName', value: 'Tribunal test CA' }], {
    algorithm: 'sha256',
    keyType: 'ec',
    extensions: [{ name: 'basicConstraints', cA: true }, { name: 'keyUsage', keyCertSign: true, cRLSign: true }],
  });
  const leaf = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    algorithm: 'sha256',
    keyType: 'ec',
    ca: { key: ca.private, cert: ca.cert },
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] }],
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-site-'));
  const caFile = path.join(dir, 'ca.pem');
  fs.writeFileSync(caFile, ca.cert);

  const site: Omit<AppSite, 'origin' | 'close'> = { caFile, authsTxt: { status: 404, body: '' }, redirectAll: false, callbacks: [], callbackStatus: 200 };
  const server = https.createServer({ key: leaf.private, cert: leaf.cert }, (req, res) => {
    if (site.redirectAll) {
      res.writeHead(302, { location: '/auths.txt' }).end();
      return;
    }
    if (req.method === 'GET' && req.url === '/auths.txt') {
      res.writeHead(site.authsTxt.status, { 'content-type': 'text/plain' }).end(site.authsTxt.body);
      return;
    }
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        site.callbacks.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') });
        res.writeHead(site.callbackStatus, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(site, {
    origin: `https://localhost:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  });
}
