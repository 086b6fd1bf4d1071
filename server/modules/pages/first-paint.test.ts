import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_READS_ELEMENT_ID, type FirstReads } from '@shared/first-reads';
import { LANGUAGE_COOKIE } from '@shared/languages';
import { ROOT } from '@server/paths';
import { createTestApp, type TestApp } from '@server/test/harness';

const INDEX = '<!doctype html><html lang="en-US" data-theme="lightness"><head><title>Tribunal</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>';
const locale = (code: string) => JSON.parse(fs.readFileSync(path.join(ROOT, 'locales', `${code}.json`), 'utf8')) as Record<string, unknown>;
const string = (code: string, key: string) => key.split('.').reduce<unknown>((at, part) => (at as Record<string, unknown>)[part], locale(code)) as string;

let app: TestApp;
let clientDir: string;

/** A GET as a browser sends it: status, headers and the body as sent. */
function get(pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; html: string }>((resolve, reject) => {
    http
      .get(`${app.url}${pathname}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          // A 304 says which copy it stands for, and has no body.
          const coding = body.length ? res.headers['content-encoding'] : undefined;
          const html = (coding === 'br' ? zlib.brotliDecompressSync(body) : coding === 'gzip' ? zlib.gunzipSync(body) : body).toString();
          resolve({ status: res.statusCode!, headers: res.headers, body, html });
        });
      })
      .on('error', reject);
  });
}

/** What the page's root holds, as text (tags left out, React's escapes read back). */
function rootText(html: string) {
  const inner = html.slice(html.indexOf('<div id="root">') + '<div id="root">'.length, html.lastIndexOf('</div><script'));
  return inner
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

beforeAll(async () => {
  // Vite writes the version in at build time.
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = 'test';
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX);
  // The client's server entry from its source: what the build bundles into dist/ssr.
  app = await createTestApp({ env: { SERVE_CLIENT: 'true', CLIENT_DIR: clientDir, FIRST_PAINT: 'true', FIRST_PAINT_MODULE: path.join(ROOT, 'client/firstPaint/render.tsx') } });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe("a first screen's page", () => {
  const headings: Array<[string, string]> = [
    ['/', 'home.hero.lead'],
    ['/player', 'players.title'],
    ['/player/1006000000', 'companionApp.banner.text'],
    ['/search', 'search.title'],
    ['/search/henry', 'search.title'],
    ['/sitestats', 'siteStats.title'],
    ['/about', 'about.title'],
    ['/accessibility', 'accessibility.title'],
    ['/link', 'link.title'],
    ['/apps', 'tools.title'],
    ['/announcement/antiCheatRules', 'announcement.names.antiCheatRules'],
    ['/signin', 'signin.title'],
  ];

  it.each(['en-US', 'de-DE', 'ja-JP'])("carries each screen's heading drawn in the language asked for (%s), with the layout around it", async (language) => {
    for (const [p, key] of headings) {
      const res = await get(`${p}?lang=${language}`);
      expect(res.status, p).toBe(200);
      const text = rootText(res.html);
      expect(text, p).toContain(string(language, key));
      expect(text, p).toContain(string(language, 'footer.tagline'));
      expect(res.html, p).toContain(`<html dir="ltr" lang="${language}"`);
    }
  });

  it('shows what the search asked for in its box, its fields waiting for the app, and the 404 screen for an unknown address', async () => {
    const search = (await get('/search/henry')).html;
    expect(search).toMatch(/<input[^>]*id="search-text"[^>]*value="henry"/);
    // Its fields wait for the app: what is typed there before React draws would be lost.
    expect(search).toContain('<div id="root"><fieldset disabled="" data-first-paint="true">');
    const missing = await get('/wp-login.php', { 'accept-language': 'de-DE' });
    expect(missing.status).toBe(404);
    expect(rootText(missing.html)).toContain(string('de-DE', 'notFound.title'));
  });

  it('draws no account in the header: neither "Sign in" nor a member\'s menu, whoever asks', async () => {
    const { html } = await get('/about');
    const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
    expect(header).toContain('<nav');
    expect(header).not.toContain(string('en-US', 'header.signin'));
    expect(header).not.toContain(string('en-US', 'header.signup'));
  });

  it('takes the language from ?lang=, else the language cookie, else Accept-Language, else en-US', async () => {
    const title = (code: string) => string(code, 'about.title');
    const cookie = `theme=dark; ${LANGUAGE_COOKIE}=fr-FR`;
    expect(rootText((await get('/about?lang=de', { cookie, 'accept-language': 'ja-JP' })).html)).toContain(title('de-DE'));
    expect(rootText((await get('/about', { cookie, 'accept-language': 'ja-JP' })).html)).toContain(title('fr-FR'));
    expect(rootText((await get('/about', { 'accept-language': 'xx, ja;q=0.9, en;q=0.5' })).html)).toContain(title('ja-JP'));
    // A cookie that names no language of ours is passed over.
    expect(rootText((await get('/about', { cookie: `${LANGUAGE_COOKIE}=xx-XX`, 'accept-language': 'ko-KR' })).html)).toContain(title('ko-KR'));
    expect(rootText((await get('/about')).html)).toContain(title('en-US'));
  });

  it('sets the direction of a right-to-left language, and says what the page varies by', async () => {
    const res = await get('/about', { cookie: `${LANGUAGE_COOKIE}=ar-EG`, 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.html).toContain('<html dir="rtl" lang="ar-EG"');
    expect(rootText(res.html)).toContain(string('ar-EG', 'about.title'));
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers.vary).toMatch(/Accept-Language/i);
    expect(res.headers.vary).toMatch(/Cookie/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    // The same page in another encoding or language is another copy: its own ETag.
    const gz = await get('/about', { cookie: `${LANGUAGE_COOKIE}=ar-EG`, 'accept-encoding': 'gzip' });
    expect(gz.html).toBe(res.html);
    expect(gz.headers.etag).not.toBe(res.headers.etag);
    expect((await get('/about', { 'accept-encoding': 'br', 'if-none-match': res.headers.etag! })).status).toBe(200);
    expect((await get('/about', { cookie: `${LANGUAGE_COOKIE}=ar-EG`, 'accept-encoding': 'br', 'if-none-match': res.headers.etag! })).status).toBe(304);
  });

  it("draws a rule page with its document, sends the document beside it, and draws it again once a new version is out", async () => {
    const seeded = JSON.parse(fs.readFileSync(path.join(ROOT, 'server/seed/documents/de-DE.json'), 'utf8')) as Record<string, { title: string }>;
    const firstReads = (html: string) => {
      const block = new RegExp(`<script type="application/json" id="${FIRST_READS_ELEMENT_ID}">([^<]*)</script>`).exec(html);
      return block ? (JSON.parse(block[1]!) as FirstReads) : null;
    };
    const before = await get('/announcement/conductRules?lang=de-DE');
    expect(rootText(before.html)).toContain(seeded.conductRules!.title);
    expect(firstReads(before.html)?.announcements?.['conductRules:de-DE']).toMatchObject({ name: 'conductRules', language: 'de-DE', version: 1 });
    // The data block ends where it should whatever a document holds: its text cannot close the element.
    const { token } = await app.factories.signedIn({ privileges: ['super'] });
    const content = '<p>Neue Regeln &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; \u2028</p>';
    const published = await app.request.post('/api/admin/setAnnouncement').set('x-access-token', token).send({ data: { name: 'conductRules', language: 'de-DE', title: 'Verhalten v2', content } });
    expect(published.status).toBe(201);
    const after = await get('/announcement/conductRules?lang=de-DE');
    expect(rootText(after.html)).toContain('Verhalten v2');
    expect(rootText(after.html)).toContain('Neue Regeln');
    const doc = firstReads(after.html)?.announcements?.['conductRules:de-DE'];
    expect(doc).toMatchObject({ version: 2, title: 'Verhalten v2', content: published.body.data.content });
    expect(after.html.match(/<script/g)).toHaveLength(2);
    // Other screens are drawn with nothing read.
    expect(firstReads((await get('/about')).html)).toBeNull();
  });

  it('leaves the page of every other screen as it is', async () => {
    for (const p of ['/profile/chat', '/admin/home', '/report', '/player/1006000000/share/card']) {
      const res = await get(`${p}?lang=de-DE`);
      expect(res.status, p).toBe(200);
      expect(res.html, p).toBe(INDEX);
    }
  });
});
