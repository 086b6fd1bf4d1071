import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { appLink, openAppUrl } from '@shared/companionApp';
import { createTestApp, type TestApp } from '@server/test/harness';
import { openCase } from '@server/test/cases';
import { launchBrowser, screenshot } from './support/browser';
import { seeText } from './support/page';

/** A phone-sized page (in a browser profile of its own) that records every address it tried to open with the app's scheme. */
async function phonePage(browser: Browser) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 360, height: 740, isMobile: true, hasTouch: true });
  const tried: string[] = [];
  // The app's links are noted and cancelled in the page, as on a phone without the app: left to
  // itself, headless Chromium holds them for an external-program prompt that swallows the next click.
  await page.exposeFunction('noteAppLink', (url: string) => void tried.push(url));
  await page.evaluateOnNewDocument(() => {
    const nav = (window as unknown as { navigation: EventTarget }).navigation;
    nav.addEventListener('navigate', (e) => {
      const event = e as Event & { destination: { url: string } };
      if (!event.destination.url.startsWith('tribunal:')) return;
      void (window as unknown as { noteAppLink: (url: string) => Promise<void> }).noteAppLink(event.destination.url);
      event.preventDefault();
    });
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { page, tried, errors };
}

async function until(check: () => boolean, timeout = 10_000) {
  const end = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const panelState = (page: Page) => page.$eval('section[data-state]', (s) => s.getAttribute('data-state'));

describe('the companion app pages', () => {
  let app: TestApp;
  let browser: Browser;
  let personaId: string;
  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true' } });
    browser = await launchBrowser();
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { account } = await openCase(app, bot, { description: '<p>Companion trail: aimbot on Sinai Desert.</p>' });
    personaId = account.personaId;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('/player/<ouid>/app tries the app, then falls back to store links, a QR code and the case on the web', async () => {
    const { page, tried, errors } = await phonePage(browser);
    await page.goto(`${app.url}/player/${personaId}/app`);
    await page.waitForFunction(() => document.querySelector('section[data-state]')?.getAttribute('data-state') === 'fallback', { timeout: 10_000 });
    expect(tried).toEqual([appLink({ screen: 'case', ouid: personaId })]);
    await seeText(page, 'The app did not open');

    // The QR code carries the address that opens this case in the app: this very page.
    const qr = await page.waitForSelector('figure img[data-qr-value]');
    expect(await qr!.evaluate((img) => img.getAttribute('data-qr-value'))).toBe(openAppUrl(app.url, { screen: 'case', ouid: personaId }));
    expect(await qr!.evaluate((img) => (img as HTMLImageElement).naturalWidth > 0 && (img as HTMLImageElement).src.startsWith('data:image/png'))).toBe(true);

    // Store links, each honest about being a placeholder.
    const stores = await page.$$eval('a[data-store]', (links) => links.map((a) => ({ store: a.getAttribute('data-store'), href: a.getAttribute('href'), note: a.nextElementSibling?.textContent ?? '' })));
    expect(stores.map((s) => s.store)).toEqual(['googlePlay', 'appStore']);
    for (const s of stores) {
      expect(s.href).toMatch(/^https:\/\//);
      expect(s.note).toBe('Placeholder link, not a store listing yet');
    }
    expect(await noSideScroll(page)).toBe(true);
    await screenshot(page, 'companion-app-case-360');

    // "Open in the app" tries again, then falls back again.
    await page.locator('::-p-aria([name="Open in the app"][role="link"])').click();
    await until(() => tried.length === 2);
    expect(tried[1]).toBe(tried[0]);
    await page.waitForFunction(() => document.querySelector('section[data-state]')?.getAttribute('data-state') === 'fallback', { timeout: 10_000 });

    // Continue on the web: the case page itself.
    await page.locator('::-p-aria([name="Continue on the web"][role="link"])').click();
    await seeText(page, 'Companion trail: aimbot on Sinai Desert.');
    expect(new URL(page.url()).pathname).toBe(`/player/${personaId}`);
    expect(tried).toHaveLength(2);
    expect(errors).toEqual([]);
    await page.browserContext().close();
  });

  it('the case page’s QR code encodes the same open-in-the-app address', async () => {
    const { page } = await phonePage(browser);
    await page.goto(`${app.url}/player/${personaId}`);
    await seeText(page, 'Companion trail: aimbot on Sinai Desert.');
    await page.locator('::-p-aria([name="Open in the app"][role="button"])').click();
    const qr = await page.waitForSelector('dialog img[data-qr-value]');
    expect(await qr!.evaluate((img) => img.getAttribute('data-qr-value'))).toBe(`${app.url}/player/${personaId}/app`);
    await page.browserContext().close();
  });

  it('/search?openApp=1 tries the same search in the app, and the web link drops the request', async () => {
    const { page, tried } = await phonePage(browser);
    await page.goto(`${app.url}/search?openApp=1&q=sneaky&type=user`);
    await page.waitForFunction(() => document.querySelector('section[data-state]')?.getAttribute('data-state') === 'fallback', { timeout: 10_000 });
    expect(tried).toEqual([appLink({ screen: 'search', text: 'sneaky', type: 'user' })]);
    expect(tried[0]).toBe('tribunal://search?text=sneaky&type=user');
    await seeText(page, 'Search for “sneaky”');
    expect(await noSideScroll(page)).toBe(true);
    await screenshot(page, 'companion-app-search-360');
    await page.locator('::-p-aria([name="Continue on the web"][role="link"])').click();
    await page.waitForFunction(() => !document.querySelector('section[data-state]'));
    const url = new URL(page.url());
    expect(url.pathname).toBe('/search/sneaky');
    expect(url.searchParams.get('type')).toBe('user');
    expect(url.searchParams.has('openApp')).toBe(false);
    expect(tried).toHaveLength(1);

    // Without the query, a search never tries the app.
    await page.goto(`${app.url}/search?q=sneaky`);
    await page.waitForSelector('form[role="search"]');
    await new Promise((r) => setTimeout(r, 2000));
    expect(tried).toHaveLength(1);
    expect(await page.$('section[data-state]')).toBeNull();
    await page.browserContext().close();
  });

  it('/app presents the app above the home page, and opens it only when ?openApp asks', async () => {
    const { page, tried } = await phonePage(browser);
    await page.goto(`${app.url}/app`);
    await seeText(page, 'The Tribunal companion app');
    expect(await panelState(page)).toBe('idle');
    await page.waitForSelector('#hero-title');
    const qr = await page.waitForSelector('figure img[data-qr-value]');
    expect(await qr!.evaluate((img) => img.getAttribute('data-qr-value'))).toBe(`${app.url}/app?openApp=1`);
    expect(tried).toEqual([]);

    await page.goto(`${app.url}/app?openApp=1`);
    await page.waitForFunction(() => document.querySelector('section[data-state]')?.getAttribute('data-state') === 'fallback', { timeout: 10_000 });
    expect(tried).toEqual(['tribunal://home']);
    await page.locator('::-p-aria([name="Continue on the web"][role="link"])').click();
    await page.waitForFunction(() => location.pathname === '/');
    // The home page's chunk may still be loading while the address already changed: the panel goes once it shows.
    await page.waitForFunction(() => !document.querySelector('section[data-state]') && !!document.querySelector('#hero-title'), { timeout: 10_000 });
    await page.browserContext().close();
  });

  it('the footer app banner leads to /app, and once closed stays closed after a reload', async () => {
    const { page } = await phonePage(browser);
    // A page with nothing left to load, so the footer holds still while it is clicked.
    await page.goto(`${app.url}/about`);
    await seeText(page, 'How to appeal');
    const banner = await page.waitForSelector('footer aside[aria-label="Companion app"]');
    expect(await banner!.evaluate((el) => el.textContent)).toContain('get the free companion app');
    expect(await noSideScroll(page)).toBe(true);
    await banner!.scrollIntoView();
    await screenshot(page, 'companion-app-banner-360');

    await page.locator('footer aside ::-p-aria([name="Get the app"][role="link"])').click();
    await page.waitForFunction(() => location.pathname === '/app');
    await seeText(page, 'The Tribunal companion app');

    // Closed with the keyboard.
    await page.focus('footer aside button[aria-label="Hide the app banner"]');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !document.querySelector('footer aside'));
    await page.reload();
    await page.waitForSelector('footer nav');
    await seeText(page, 'Public API docs');
    expect(await page.$('footer aside')).toBeNull();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('tribunal:localFlags') ?? '{}').footerBar)).toBe(false);
    // The sponsors are still there: only the banner went.
    expect(await page.$$eval('footer section[aria-labelledby="footer-sponsors"] img', (imgs) => imgs.length)).toBeGreaterThan(0);
    await page.browserContext().close();
  });

  it('/about gives the launch date in the reader’s language, the statuses, how to appeal and the mailboxes', async () => {
    const { page } = await phonePage(browser);
    await page.goto(`${app.url}/about`);
    await seeText(page, 'The site opened on');
    expect(await page.$eval('time[datetime="2018-11-04"]', (t) => t.textContent)).toBe('Nov 4, 2018');
    await seeText(page, 'January 2018');
    await seeText(page, 'How to appeal');
    await seeText(page, 'two guilty votes in a row');
    expect(await page.$$eval('#process dl > div', (rows) => rows.length)).toBe(10);
    const mails = await page.$$eval('#contact a[href^="mailto:"]', (links) => links.map((a) => a.getAttribute('href')));
    const footerMails = await page.$$eval('footer a[href^="mailto:"]', (links) => links.map((a) => a.getAttribute('href')));
    expect(mails).toEqual(footerMails);
    expect(mails).toHaveLength(2);
    expect(await noSideScroll(page)).toBe(true);
    await screenshot(page, 'about-360');

    await page.evaluate(() => localStorage.setItem('tribunal:preferences', JSON.stringify({ theme: 'lightness', textSize: 'default', language: 'de-DE' })));
    await page.reload();
    await seeText(page, 'Die Seite ging online am');
    expect(await page.$eval('time[datetime="2018-11-04"]', (t) => t.textContent)).toBe('04.11.2018');
    await page.browserContext().close();
  });
});
