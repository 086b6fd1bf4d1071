import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { createTestApp, type TestApp } from '@server/test/harness';
import { launchBrowser, screenshot } from './support/browser';
import { seeText } from './support/page';
import { signInBeforeVisit } from './support/session';
import { openCase } from '@server/test/cases';

/** Opens a page with the interface language and text size a visitor picked. */
async function open(page: Page, app: TestApp, path: string, language: string, textSize: string) {
  await page.goto(`${app.url}/`);
  await page.evaluate((p) => localStorage.setItem('tribunal:preferences', JSON.stringify(p)), { theme: 'lightness', textSize, language });
  await page.goto(`${app.url}${path}`);
}

/** Large text and long words: nothing runs into anything, nothing is cut. */
describe('layout under large text and long languages', () => {
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it.each([['en-US'], ['de-DE'], ['ar-EG']])('%s, x-large text, 1366 px: the header links stay clear of the search box; those that do not fit are in the drawer', async (language) => {
    const page = await browser.newPage();
    await page.setViewport({ width: 1366, height: 900 });
    await open(page, app, '/', language, 'x-large');
    await page.waitForSelector('header nav a');
    const { overlaps, hiddenLinks, drawer } = await page.evaluate(() => {
      const search = document.querySelector('header form[role="search"]')!.getBoundingClientRect();
      const nav = document.querySelector('header nav')!.getBoundingClientRect();
      // The drawer's own links are not laid out until it opens.
      const links = [...document.querySelectorAll('header nav a')].map((a) => a.getBoundingClientRect()).filter((r) => r.width > 0);
      const shown = links.filter((r) => r.bottom <= nav.bottom && r.top >= nav.top);
      const rtl = document.documentElement.dir === 'rtl';
      return {
        overlaps: shown.filter((r) => (rtl ? r.left < search.right : r.right > search.left)).length,
        hiddenLinks: links.length - shown.length,
        drawer: !!document.querySelector('header button[aria-expanded]') && getComputedStyle(document.querySelector('header button[aria-expanded]')!).display !== 'none',
      };
    });
    expect(overlaps).toBe(0);
    if (hiddenLinks > 0) expect(drawer).toBe(true);
    await screenshot(page, `layout-header-${language}`);
  });

  it.each([['en-US'], ['de-DE'], ['ru-RU'], ['ar-EG']])('%s, x-large text: the sign-up steps show their whole names', async (language) => {
    const page = await browser.newPage();
    await page.setViewport({ width: 1366, height: 900 });
    await open(page, app, '/signup', language, 'x-large');
    await page.waitForSelector('ol[aria-label] li');
    const cut = await page.$$eval('ol[aria-label] li > span', (names) => names.filter((n) => n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1).map((n) => n.textContent));
    expect(cut).toEqual([]);
    await seeText(page, '2.');
  });

  it('on a phone the account overview keeps the name whole on its line; the avatar button goes under it', async () => {
    const user = await app.factories.createUser({ username: 'demo-user-375' });
    const page = await browser.newPage();
    await page.setViewport({ width: 375, height: 740 });
    await signInBeforeVisit(page, app, user);
    await page.goto(`${app.url}/profile/information`);
    await seeText(page, 'demo-user-375');
    // Lines the name's own text takes (its #id may wrap after it).
    const lines = await page.evaluate(() => {
      const name = [...document.querySelectorAll('#account span')].find((s) => s.firstChild?.textContent === 'demo-user-375')!;
      const range = document.createRange();
      range.selectNodeContents(name.firstChild!);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    // Signed in, the footer (drawn once its accessibility link is) offers no sign-up.
    await page.waitForSelector('footer a[href="/accessibility"]', { timeout: 10_000 });
    expect(await page.$('footer a[href="/signup"]')).toBeNull();
    await screenshot(page, 'layout-account-phone');
  });

  it('in Arabic, what people wrote in English reads left to right, each paragraph by its own text', async () => {
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { account } = await openCase(app, bot, { description: '<p>Confirmed earlier; the player has appealed.</p><p>مرحبا بالعالم</p>' });
    // A visitor (a context of its own: no session another test left).
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport({ width: 375, height: 740 });
    await open(page, app, `/player/${account.personaId}`, 'ar-EG', 'default');
    await seeText(page, 'Confirmed earlier; the player has appealed.');
    const directions = await page.evaluate(() => {
      const p = [...document.querySelectorAll('p')].filter((e) => e.closest('[dir="auto"]'));
      const english = p.find((e) => e.textContent === 'Confirmed earlier; the player has appealed.')!;
      const arabic = p.find((e) => e.textContent === 'مرحبا بالعالم')!;
      const side = (e: Element) => {
        const range = document.createRange();
        range.selectNodeContents(e);
        const text = range.getBoundingClientRect();
        const box = e.getBoundingClientRect();
        return text.left - box.left < box.right - text.right ? 'left' : 'right';
      };
      return { page: document.documentElement.dir, english: side(english), arabic: side(arabic) };
    });
    expect(directions).toMatchObject({ page: 'rtl', english: 'left', arabic: 'right' });
    // A visitor's footer offers the sign-up.
    await page.waitForSelector('footer a[href="/signup"]', { timeout: 10_000 });
    await screenshot(page, 'layout-rtl-english-text');
  });

  it('an old-site case address (/cheaters/<user id>) lands on the case without a failing request', async () => {
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { account } = await openCase(app, bot, { description: '<p>Old link evidence: wallhack on Amiens.</p>' });
    const page = await browser.newPage();
    await page.setViewport({ width: 390, height: 844 });
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.url().startsWith(app.url) && r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    page.on('requestfailed', (r) => {
      if (r.url().startsWith(app.url)) failed.push(`${r.failure()?.errorText} ${r.url()}`);
    });
    await page.goto(`${app.url}/cheaters/${account.userId}`);
    await seeText(page, 'Old link evidence: wallhack on Amiens.');
    expect(new URL(page.url()).pathname).toBe(`/player/${account.userId}`);
    expect(failed).toEqual([]);
  });
});
