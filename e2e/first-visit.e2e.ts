import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, HTTPRequest } from 'puppeteer-core';
import { openCase } from '@server/test/cases';
import { createTestApp, type TestApp } from '@server/test/harness';
import { ROOT } from '@server/paths';
import { launchBrowser } from './support/browser';
import { AFTER_PAINT_CHUNKS, FORMS_CHUNK } from '../vite.chunks';

/** What the home page's first visit may download as JavaScript, counted as it came over the wire. */
const HOME_SCRIPT_BUDGET = 250 * 1024;

interface Transfer {
  url: string;
  type: string;
  /** Who asked for it: `parser` (the page's HTML, its preloads included) or `script` (code that ran). */
  initiator: string;
  encoding: string | null;
  vary: string;
  /** The body's length as the server said it. */
  length: number;
  /** Bytes received: headers and the body as sent (compressed). */
  bytes: number;
}

/** A first visit (an empty cache) to a page, every request it made until the network went quiet. */
async function firstVisit(browser: Browser, url: string): Promise<Transfer[]> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    const seen = new Map<string, Transfer>();
    cdp.on('Network.requestWillBeSent', (e) => seen.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', initiator: e.initiator.type, encoding: null, vary: '', length: 0, bytes: 0 }));
    cdp.on('Network.responseReceived', (e) => {
      const t = seen.get(e.requestId);
      if (!t) return;
      const headers = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      Object.assign(t, { type: e.type, encoding: headers['content-encoding'] ?? null, vary: headers.vary ?? '', length: Number(headers['content-length'] ?? NaN) });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const t = seen.get(e.requestId);
      if (t) t.bytes = e.encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'networkidle0' });
    return [...seen.values()].filter((t) => t.url.startsWith(url.slice(0, url.indexOf('/', 8))));
  } finally {
    await context.close();
  }
}

const own = (transfers: Transfer[], type: string) => transfers.filter((t) => t.type === type && new URL(t.url).pathname.startsWith('/assets/'));

describe('a first visit, as it goes over the wire', () => {
  let app: TestApp;
  let browser: Browser;
  let personaId: string;

  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true', FIRST_PAINT: 'true' } });
    browser = await launchBrowser();
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    personaId = (await openCase(app, bot, { description: '<p>Seen on Suez with an aimbot.</p>' })).account.personaId;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it(`the home page downloads at most ${HOME_SCRIPT_BUDGET / 1024} kB of JavaScript, every file but the smallest compressed`, async () => {
    const transfers = await firstVisit(browser, `${app.url}/`);
    const scripts = own(transfers, 'Script');
    expect(scripts.length).toBeGreaterThan(0);
    const total = scripts.reduce((sum, t) => sum + t.bytes, 0);
    expect(total, scripts.map((t) => `${t.bytes} ${t.url}`).join('\n')).toBeLessThanOrEqual(HOME_SCRIPT_BUDGET);
    for (const t of [...scripts, ...own(transfers, 'Stylesheet')]) {
      // Chromium offers brotli to localhost as to https sites: what a browser gets on the real site.
      // Files under 1 kB have no compressed copy (server/modules/pages/precompress.ts).
      if (t.encoding === null) expect(t.length, t.url).toBeLessThan(1024);
      else {
        expect(t.encoding, t.url).toBe('br');
        expect(t.vary, t.url).toMatch(/accept-encoding/i);
      }
    }
    expect(scripts.filter((t) => t.encoding === 'br').length).toBeGreaterThanOrEqual(3);
    const page = transfers.find((t) => t.type === 'Document')!;
    expect(page.encoding).toBe('br');
  });

  it.each([
    ['the home page', () => '/'],
    ['a case', () => `/player/${personaId}`],
    ['the about page', () => '/about'],
    ['the accessibility statement', () => '/accessibility'],
  ])('%s: the first screen is the page, not the loading spinner first', async (_, path) => {
    const page = await (await browser.createBrowserContext()).newPage();
    // What the page's main area held first: the layout's loading spinner (client/components/Spinner.tsx) or the page.
    await page.evaluateOnNewDocument(`
      window.__first = null;
      new MutationObserver(() => {
        const main = document.getElementById('main');
        if (window.__first || !main || !main.firstElementChild) return;
        window.__first = main.querySelector('[data-page-spinner]') ? 'spinner' : 'page';
      }).observe(document, { childList: true, subtree: true });
    `);
    await page.goto(`${app.url}${path()}`, { waitUntil: 'networkidle0' });
    expect(await page.evaluate('window.__first')).toBe('page');
  });

  it.each([
    ['the home page', () => '/'],
    ['the case list', () => '/player'],
    ['a case', () => `/player/${personaId}`],
    ['a search', () => '/search/suez'],
    ['the about page', () => '/about'],
    ['the accessibility statement', () => '/accessibility'],
    ['the sign-in page', () => '/signin'],
  ])('%s: the page asks for all its scripts itself, none waits for another to run first', async (_, path) => {
    const scripts = own(await firstVisit(browser, `${app.url}${path()}`), 'Script');
    // What a page loads once it is drawn (Socket.IO's client, the primitives of its menus and tabs) is not on the way to the first paint.
    const drawing = scripts.filter((t) => !AFTER_PAINT_CHUNKS.some((name) => new URL(t.url).pathname.startsWith(`/assets/${name}-`)));
    expect(drawing.filter((t) => t.initiator !== 'parser').map((t) => t.url)).toEqual([]);
    // The entry, Rolldown's runtime, the fallback language, and the page's own: itself, its parts, what
    // the first screens share and, on a screen with a form, the schemas (vite.chunks.ts): a handful, not dozens.
    expect(drawing.length).toBeLessThanOrEqual(8);
  });

  it('the sign-in page draws without zod and the schemas: its blank-field check is plain (client/forms/validate.ts)', async () => {
    const scripts = own(await firstVisit(browser, `${app.url}/signin`), 'Script').map((t) => new URL(t.url).pathname);
    expect(scripts.some((p) => p.includes('/SigninPage-'))).toBe(true);
    expect(scripts.filter((p) => p.startsWith(`/assets/${FORMS_CHUNK}-`))).toEqual([]);
  });
});

describe("a first screen drawn by the server, before the entry has run", () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true', FIRST_PAINT: 'true' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** A phone's page, as a first visit (an empty cache). */
  async function phonePage() {
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true });
    return page;
  }

  it.each([
    ['/about', 'About Tribunal'],
    ['/player', 'Player list'],
    ['/announcement/antiCheatRules', 'Anti-cheat rules'],
  ])('with JavaScript off, %s shows its heading, the header and the footer', async (address, heading) => {
    const page = await phonePage();
    await page.setJavaScriptEnabled(false);
    await page.goto(`${app.url}${address}`, { waitUntil: 'load' });
    const shown = await page.evaluate(() => {
      const box = (el: Element | null) => (el ? el.getBoundingClientRect().height > 0 : false);
      const h1 = document.querySelector('main h1');
      return { heading: h1?.textContent, headingShown: box(h1), header: box(document.querySelector('header')), footer: !!document.querySelector('footer') };
    });
    expect(shown).toEqual({ heading, headingShown: true, header: true, footer: true });
  });

  it('with JavaScript off, a rule page shows its document: the version a new site is seeded with', async () => {
    const seeded = JSON.parse(fs.readFileSync(path.join(ROOT, 'server/seed/documents/en-US.json'), 'utf8')) as Record<string, { title: string }>;
    const page = await phonePage();
    await page.setJavaScriptEnabled(false);
    await page.goto(`${app.url}/announcement/conductRules`, { waitUntil: 'load' });
    const doc = await page.evaluate(() => {
      const article = document.querySelector('main [data-announcement] article');
      return { title: article?.querySelector('h2')?.textContent, shown: (article?.getBoundingClientRect().height ?? 0) > 100 };
    });
    expect(doc).toEqual({ title: seeded.conductRules!.title, shown: true });
  });

  it('shows the screen in the language of its cookie, with its direction', async () => {
    const page = await phonePage();
    await page.setJavaScriptEnabled(false);
    await page.setCookie({ name: 'tribunal_lang', value: 'ar-EG', url: app.url });
    await page.goto(`${app.url}/about`, { waitUntil: 'load' });
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir, document.querySelector('main h1')?.textContent])).toEqual(['ar-EG', 'rtl', 'حول Tribunal']);
  });

  it('draws the next page in the language picked in the footer', async () => {
    const page = await phonePage();
    await page.goto(`${app.url}/about`, { waitUntil: 'networkidle0' });
    await page.select('footer select', 'de-DE');
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Über Tribunal');
    await page.setJavaScriptEnabled(false);
    await page.goto(`${app.url}/sitestats`, { waitUntil: 'load' });
    expect(await page.evaluate(() => [document.documentElement.lang, document.querySelector('main h1')?.textContent])).toEqual(['de-DE', 'Statistiken']);
  });

  it.each([
    ['/about', 'About Tribunal'],
    // A rule page is drawn with its document (server/modules/pages/first-reads.ts): React's first render shows the same one.
    ['/announcement/antiCheatRules', 'Anti-cheat rules'],
  ])('paints %s while the entry is held back; once it runs, React takes over without moving it, and the page works', async (address, heading) => {
    const page = await phonePage();
    const errors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    page.on('pageerror', (e) => void errors.push(String(e)));
    await page.evaluateOnNewDocument(`
      window.__shifts = 0;
      new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts += e.value; }).observe({ type: 'layout-shift', buffered: true });
    `);
    // The entry (the page's module script) waits until the test lets it through.
    const entry = /<script type="module"[^>]* src="([^"]+)"/.exec(fs.readFileSync(path.join(ROOT, 'dist/client/index.html'), 'utf8'))![1]!;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked!: () => void;
    const entryAsked = new Promise<void>((resolve) => (asked = resolve));
    await page.setRequestInterception(true);
    page.on('request', (request: HTTPRequest) => {
      // Stylesheets come late, as on a slow network: what is measured must be what the browser painted.
      if (request.url().endsWith('.css')) return void setTimeout(() => request.continue(), 500);
      // So is the app's own read of a rule page's document: its first render starts from what the page was drawn with.
      if (request.url().includes('/api/announcement?')) return void setTimeout(() => request.continue(), 1500);
      if (request.url() !== `${app.url}${entry}`) return void request.continue();
      asked();
      void released.then(() => request.continue());
    });
    // The page's load waits for its module scripts: it ends once the entry is let through.
    const loaded = page.goto(`${app.url}${address}`, { waitUntil: 'load' });
    await entryAsked;
    await page.waitForFunction((h) => document.querySelector('main h1')?.textContent === h && !!document.querySelector('footer'), {}, heading);
    // The document is in before its stylesheets: the browser paints once they are (they hold the first paint back).
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0 && [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => !!link.sheet),
    );
    const positions = () =>
      page.evaluate(() => ({ top: document.querySelector('main h1')!.getBoundingClientRect().top, footer: document.querySelector('footer')!.getBoundingClientRect().top + scrollY }));
    const before = await positions();
    expect(before.top).toBeGreaterThan(0);
    // The whole screen is there, a rule page's document too, not a placeholder of it.
    expect(await page.evaluate(() => !!document.querySelector('main [data-announcement] article') || !document.querySelector('main [data-announcement]'))).toBe(true);
    // Its fields wait for the app: nothing typed there is lost when React draws.
    const languageSelectDisabled = () => page.evaluate(() => document.querySelector('footer select')!.matches(':disabled'));
    expect(await languageSelectDisabled()).toBe(true);
    await page.evaluate(() => {
      (window as unknown as { __drawn: Element | null }).__drawn = document.querySelector('main h1');
    });

    release();
    await loaded;
    // React's own screen replaces the server's: a new heading element, where the other one was.
    await page.waitForFunction(
      (h) => {
        const h1 = document.querySelector('main h1');
        return !!h1 && h1 !== (window as unknown as { __drawn: Element | null }).__drawn && h1.textContent === h;
      },
      {},
      heading,
    );
    await page.waitForNetworkIdle();
    expect(await positions()).toEqual(before);
    expect(await page.evaluate(() => (window as unknown as { __shifts: number }).__shifts)).toBeLessThan(0.1);
    expect(await languageSelectDisabled()).toBe(false);

    // The page is the app's now: a link goes to its screen without loading a page again.
    await page.evaluate(() => ((window as unknown as { __stay: boolean }).__stay = true));
    await page.evaluate(() => (document.querySelector('footer a[href="/link"]') as HTMLAnchorElement).click());
    await page.waitForFunction(() => document.querySelector('main h1')?.textContent === 'Links');
    expect(await page.evaluate(() => (window as unknown as { __stay?: boolean }).__stay)).toBe(true);
    expect(errors).toEqual([]);
  });
});
