import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { openCase } from '@server/test/cases';
import { createTestApp, type TestApp } from '@server/test/harness';
import { launchBrowser } from './support/browser';
import { AFTER_PAINT_CHUNKS } from '../vite.chunks';

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
    app = await createTestApp({ env: { SERVE_CLIENT: 'true' } });
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
});
