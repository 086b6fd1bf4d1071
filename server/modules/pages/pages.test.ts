import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import { createTestApp, PUBLIC_URL, type TestApp } from '@server/test/harness';
import { insertCase } from '@server/test/search-fixtures';
import { precompressDir } from './precompress';

const INDEX = '<!doctype html><html><body><div id="root"></div><script src="/assets/app.js"></script></body></html>';
const APP_JS = `console.log(${JSON.stringify(Array.from({ length: 300 }, (_, i) => `line ${i}`))});\n`;
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="1"/>'.repeat(100)}</svg>`;
let app: TestApp;
let clientDir: string;

/** A GET as a browser sends it, its body as it came over the wire (not decompressed). */
function rawGet(pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${app.url}${pathname}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}
const CHROME = { 'accept-encoding': 'gzip, deflate, br, zstd' };

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX);
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), APP_JS);
  fs.writeFileSync(path.join(clientDir, 'boot.js'), 'var booted = 1;');
  fs.writeFileSync(path.join(clientDir, 'logo.svg'), LOGO);
  await precompressDir(clientDir);
  app = await createTestApp({ env: { SERVE_CLIENT: 'true', CLIENT_DIR: clientDir } });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('the client page', () => {
  it('answers 200 with the app for the screens of the route list', async () => {
    for (const p of ['/', '/player', '/player/1006000000', '/player/1006000000/share/card', '/player/1006000000/app', '/app', '/Search/henry', '/profile/chat', '/admin/home', '/about/', '/accessibility', '/empty']) {
      const res = await app.request.get(p);
      expect(res.status, p).toBe(200);
      expect(res.type, p).toBe('text/html');
      expect(res.text, p).toBe(INDEX);
    }
  });

  it('answers 404 with the app (which shows its 404 screen) for any other path', async () => {
    for (const p of ['/.env', '/wp-login.php', '/player/1/nope', '/profile/unknown', '/nope', '/player//share', '/player//app', '/player/1/app/x', '/assets/missing.js']) {
      const res = await app.request.get(p);
      expect(res.status, p).toBe(404);
      expect(res.text, p).toBe(INDEX);
    }
  });

  it('serves the built files, and /api stays the API', async () => {
    const js = await app.request.get('/assets/app.js');
    expect(js.status).toBe(200);
    expect(js.headers['cache-control']).toMatch(/immutable/);
    const api = await app.request.get('/api/nope');
    expect(api.status).toBe(404);
    expect(api.body).toMatchObject({ error: 1, code: 'request.404' });
  });
});

describe('compressed files', () => {
  it('sends a file as the copy the request accepts best, with its own type, length and Vary', async () => {
    const br = await rawGet('/assets/app.js', CHROME);
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript; charset=utf-8$/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(APP_JS.length / 3);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(APP_JS);

    const gz = await rawGet('/assets/app.js', { 'accept-encoding': 'gzip, deflate' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toBe(br.headers['content-type']);
    expect(zlib.gunzipSync(gz.body).toString()).toBe(APP_JS);
    expect(gz.headers.etag).not.toBe(br.headers.etag);

    const plain = await rawGet('/assets/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toBe(APP_JS);
    expect(plain.headers['content-type']).toBe(br.headers['content-type']);

    expect((await rawGet('/assets/app.js', { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
    const svg = await rawGet('/logo.svg', CHROME);
    expect(svg.headers['content-encoding']).toBe('br');
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a copy the browser holds with 304, by the ETag of that copy', async () => {
    const first = await rawGet('/assets/app.js', CHROME);
    const again = await rawGet('/assets/app.js', { ...CHROME, 'if-none-match': first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.vary).toMatch(/Accept-Encoding/i);
    // The gzip copy is another representation: the brotli copy's ETag does not stand for it.
    expect((await rawGet('/assets/app.js', { 'accept-encoding': 'gzip', 'if-none-match': first.headers.etag! })).status).toBe(200);
  });

  it('sends small files as they are, and never a copy under its own name', async () => {
    const boot = await rawGet('/boot.js', CHROME);
    expect(boot.status).toBe(200);
    expect(boot.headers['content-encoding']).toBeUndefined();
    expect(boot.body.toString()).toBe('var booted = 1;');
    for (const p of ['/assets/app.js.br', '/assets/app.js.gz']) {
      const res = await rawGet(p, CHROME);
      expect(res.status, p).toBe(404);
      expect(zlib.brotliDecompressSync(res.body).toString(), p).toBe(INDEX);
    }
  });

  it('sends the page compressed too, for screens and unknown paths alike', async () => {
    for (const [p, status] of [['/', 200], ['/player/1006000000', 200], ['/nope', 404]] as const) {
      const br = await rawGet(p, CHROME);
      expect(br.status, p).toBe(status);
      expect(br.headers['content-encoding'], p).toBe('br');
      expect(br.headers['content-type'], p).toBe('text/html; charset=utf-8');
      expect(br.headers.vary, p).toMatch(/Accept-Encoding/i);
      expect(br.headers['cache-control'], p).toBe('no-cache');
      expect(zlib.brotliDecompressSync(br.body).toString(), p).toBe(INDEX);
      const gz = await rawGet(p, { 'accept-encoding': 'gzip' });
      expect(zlib.gunzipSync(gz.body).toString(), p).toBe(INDEX);
      expect((await rawGet(p)).body.toString(), p).toBe(INDEX);
    }
    // no-cache: the browser asks again each time, and a page it holds costs no download.
    const page = await rawGet('/', CHROME);
    const again = await rawGet('/about', { ...CHROME, 'if-none-match': page.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect((await rawGet('/', { 'accept-encoding': 'gzip', 'if-none-match': page.headers.etag! })).status).toBe(200);
    expect((await rawGet('/nope', { ...CHROME, 'if-none-match': page.headers.etag! })).status).toBe(404);
  });
});

describe('robots.txt and sitemaps', () => {
  it('robots.txt keeps crawlers off the API and account screens and names the sitemap', async () => {
    const res = await app.request.get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/plain');
    expect(res.text).toMatch(/^User-agent: \*$/m);
    expect(res.text).toMatch(/^Disallow: \/api\/$/m);
    expect(res.text).toMatch(/^Disallow: \/admin$/m);
    expect(res.text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('lists the public screens and every visible case, in files of a bounded size read by id', async () => {
    const first = await insertCase(app);
    const hidden = await insertCase(app, { valid: false });
    // Jump the ids past two files, as on a site with many cases.
    await app.services.db.execute(sql`select setval('players_id_seq', ${2 * LIMITS.sitemapCases + 5})`);
    const far = await insertCase(app, { createTime: new Date('2025-03-04T05:06:07.000Z') });
    expect(far.id).toBeGreaterThan(2 * LIMITS.sitemapCases);

    const index = await app.request.get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.type).toBe('application/xml');
    const locs = [...index.text.matchAll(/<sitemap><loc>([^<]+)<\/loc><\/sitemap>/g)].map((m) => m[1]);
    expect(locs).toEqual([`${PUBLIC_URL}/sitemaps/pages.xml`, ...[0, 1, 2].map((n) => `${PUBLIC_URL}/sitemaps/cases-${n}.xml`)]);

    const pages = await app.request.get('/sitemaps/pages.xml');
    expect(pages.text).toContain(`<loc>${PUBLIC_URL}/player</loc>`);
    expect(pages.text).toContain(`<loc>${PUBLIC_URL}/</loc>`);
    expect(pages.text).toContain(`<loc>${PUBLIC_URL}/accessibility</loc>`);

    const file0 = (await app.request.get('/sitemaps/cases-0.xml')).text;
    expect(file0).toContain(`<url><loc>${PUBLIC_URL}/player/${first.originPersonaId}</loc><lastmod>${first.updateTime.toISOString()}</lastmod></url>`);
    expect(file0).not.toContain(hidden.originPersonaId);
    const file1 = await app.request.get('/sitemaps/cases-1.xml');
    expect(file1.status).toBe(200);
    expect(file1.text).not.toContain('<url>');
    const file2 = (await app.request.get('/sitemaps/cases-2.xml')).text;
    expect(file2).toContain(`<url><loc>${PUBLIC_URL}/player/${far.originPersonaId}</loc><lastmod>2025-03-04T05:06:07.000Z</lastmod></url>`);
    expect((await app.request.get('/sitemaps/cases-3.xml')).status).toBe(404);
    expect((await app.request.get('/sitemaps/cases-x.xml')).status).toBe(404);
  });
});
