import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import { createTestApp, PUBLIC_URL, type TestApp } from '@server/test/harness';
import { insertCase } from '@server/modules/search/test-fixtures';

const INDEX = '<!doctype html><html><body><div id="root"></div><script src="/assets/app.js"></script></body></html>';
let app: TestApp;
let clientDir: string;

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX);
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log(1)');
  app = await createTestApp({ env: { SERVE_CLIENT: 'true', CLIENT_DIR: clientDir } });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('the client page', () => {
  it('answers 200 with the app for the screens of the route list', async () => {
    for (const p of ['/', '/player', '/player/1006000000', '/player/1006000000/share/card', '/player/1006000000/app', '/app', '/Search/henry', '/profile/chat', '/admin/home', '/about/', '/empty']) {
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
