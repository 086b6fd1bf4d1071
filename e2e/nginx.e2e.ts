import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { insertCase } from '@server/test/search-fixtures';
import { openCase } from '@server/test/cases';
import { createTestApp, type TestApp } from '@server/test/harness';
import { freePort } from '@server/test/free-port';
import { BROTLI_MODULE, writeNginxSite } from '../deploy/local/nginx-site.mjs';

/**
 * The shipped deploy/nginx.conf, run by Debian's nginx with the brotli_static module (as the proxy
 * image runs it, deploy/Dockerfile) in front of a test node, with the built client as its files.
 * Only the addresses differ: the node's, the port, and where the build is.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT = path.join(ROOT, 'dist/client');

function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('deploy/nginx.conf in front of a node', () => {
  let app: TestApp;
  let dir: string;
  let nginx: ChildProcess | undefined;
  let site: string;
  let entry: string;
  let nginxArgs: string[] = [];

  beforeAll(async () => {
    if (!fs.existsSync('/usr/sbin/nginx') || !fs.existsSync(BROTLI_MODULE)) throw new Error('nginx is not installed (apt-get install nginx libnginx-mod-http-brotli-static)');
    app = await createTestApp({ env: { SERVE_CLIENT: 'true', FIRST_PAINT: 'true' } });
    entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(fs.readFileSync(path.join(CLIENT, 'index.html'), 'utf8'))![1]!;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-nginx-'));
    const port = await freePort();
    site = `http://127.0.0.1:${port}`;
    nginxArgs = writeNginxSite({ conf: path.join(ROOT, 'deploy/nginx.conf'), dir, port, clientDir: CLIENT, upstreams: [new URL(app.url).host] });
    nginx = spawn('/usr/sbin/nginx', [...nginxArgs, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    nginx.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    for (let i = 0; ; i++) {
      if ((await get(`${site}/robots.txt`).catch(() => null))?.status === 200) break;
      if (i > 100 || nginx.exitCode !== null) throw new Error(`nginx did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((r) => nginx!.once('exit', r));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await app?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('passes nginx -t', () => {
    const out = execFileSync('/usr/sbin/nginx', [...nginxArgs, '-t'], { stdio: ['ignore', 'pipe', 'pipe'] });
    expect(out.toString()).toBe('');
  });

  it('sends the built files from disk, as the copy the request accepts, with Vary and a year of caching', async () => {
    const file = path.join(CLIENT, entry);
    for (const [accept, encoding, suffix] of [
      ['gzip, deflate, br, zstd', 'br', '.br'],
      ['gzip, deflate', 'gzip', '.gz'],
      ['identity', undefined, ''],
    ] as const) {
      const res = await get(`${site}${entry}`, { 'accept-encoding': accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.body.equals(fs.readFileSync(file + suffix)), accept).toBe(true);
      expect(res.headers['content-type'], accept).toMatch(/javascript/);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(res.headers['x-content-type-options'], accept).toBe('nosniff');
      // From nginx itself: the node's answers carry its security headers.
      expect(res.headers['content-security-policy'], accept).toBeUndefined();
      if (encoding) expect(res.headers.vary, accept).toMatch(/Accept-Encoding/i);
    }
    const missing = await get(`${site}/assets/not-in-this-build.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers['content-security-policy']).toBeDefined();
  });

  it('passes the pages and the API through, compressed by the node or else by nginx', async () => {
    const page = await get(`${site}/player`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-security-policy']).toBeDefined();
    // The screen the node drew into the page comes through (server/modules/pages/first-paint.ts).
    expect(brotliDecompressSync(page.body).toString()).toMatch(/<div id="root">.*<h1>Player list/s);

    const api = await get(`${site}/api/openapi.json`, { 'accept-encoding': 'gzip' });
    expect(api.status).toBe(200);
    expect(api.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(api.body).toString()).openapi).toMatch(/^3\./);

    // The node sends sitemaps as they are: nginx compresses them on the way.
    for (let i = 0; i < 20; i++) await insertCase(app);
    const plain = await get(`${app.url}/sitemaps/cases-0.xml`, { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    // Asked directly, and through a cache or CDN in front (which says so with Via).
    for (const via of [{}, { via: '1.1 cdn.example' }] as Array<Record<string, string>>) {
      const sitemap = await get(`${site}/sitemaps/cases-0.xml`, { 'accept-encoding': 'gzip', ...via });
      expect(sitemap.headers['content-encoding']).toBe('gzip');
      expect(sitemap.headers.vary).toMatch(/Accept-Encoding/i);
      expect(gunzipSync(sitemap.body).equals(plain.body)).toBe(true);
    }
  });

  it('keeps a public API read for a second for everyone without a token; never a read with a token, a no-store or an error answer', async () => {
    const { dbId } = await openCase(app, (await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true })).token);
    const read = (url: string, headers: Record<string, string> = {}) => get(`${site}${url}`, headers);
    const caseUrl = `/api/player?dbId=${dbId}&nginx=${Date.now()}`;
    const first = await read(caseUrl);
    expect(first.headers['x-cache-status']).toBe('MISS');
    const second = await read(caseUrl);
    expect(second.headers['x-cache-status']).toBe('HIT');
    expect(second.body.equals(first.body)).toBe(true);
    // nginx keeps time in whole seconds: an answer kept for 1 s lives until the second after next.
    await new Promise((r) => setTimeout(r, 2_100));
    expect((await read(caseUrl)).headers['x-cache-status']).toBe('EXPIRED');

    const { token } = await app.factories.signedIn();
    for (let i = 0; i < 2; i++) expect((await read(caseUrl, { 'x-access-token': token })).headers['x-cache-status']).toBe('BYPASS');
    // A captcha is new on every request (no-store), and a missing case is an error: neither is kept.
    const captchas = await Promise.all([read('/api/captcha'), read('/api/captcha')]);
    expect(captchas.map((c) => c.headers['x-cache-status'])).toEqual(['MISS', 'MISS']);
    expect(captchas[0]!.body.equals(captchas[1]!.body)).toBe(false);
    for (let i = 0; i < 2; i++) expect((await read('/api/player?dbId=999999999')).headers['x-cache-status']).toBe('MISS');
  });

  it('carries the realtime connection (WebSocket upgrade) to the node', async () => {
    const socket = io(site, { transports: ['websocket'], reconnection: false, timeout: 10_000 });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      expect(socket.io.engine.transport.name).toBe('websocket');
    } finally {
      socket.close();
    }
  });
});
