import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { openCase } from '@server/test/cases';
import { createTestApp, type TestApp, type TestUser } from '@server/test/harness';
import { axeFindings, WCAG21_AA } from './support/axe';
import { launchBrowser } from './support/browser';
import { expectFocusVisible, expectTabStaysInDialog, focusInDialog, press, tabTo } from './support/keyboard';
import { signInBeforeVisit } from './support/session';

/** The author's link and the date of the case's first entry (the report). */
const AUTHOR = 'main article a[href^="/space/"]';
const DATE = 'main article span[tabindex="0"]:has(> time)';
const CARD = '[data-testid="user-card"]';

/**
 * Tab until the focused element matches `selector`. The placeholder a primitive draws until its
 * library arrives is replaced by the library's own element, which takes the focus over: the element
 * that has it is found again by the selector.
 */
async function tabToMatch(page: Page, selector: string, max = 60) {
  await page.waitForSelector(selector);
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    await expectFocusVisible(page);
    if (await focused(page, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}
const focused = (page: Page, selector: string) => page.evaluate((s) => !!document.activeElement?.matches(s), selector);

const inViewport = (page: Page, selector: string) =>
  page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
  });

/**
 * Tooltips, user cards, the phone drawer and toasts: Radix's primitives, each fetched when first
 * approached (client/components/onDemand.ts), used with the keyboard alone and with a pointer.
 */
describe('primitives fetched on use', () => {
  let app: TestApp;
  let browser: Browser;
  let casePath: string;

  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true' } });
    browser = await launchBrowser();
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { account } = await openCase(app, bot);
    casePath = `/player/${account.personaId}`;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function pageAs(user: TestUser | null, width = 1280) {
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport({ width, height: 800 });
    if (user) await signInBeforeVisit(page, app, user);
    return page;
  }

  it('a date: Tab reaches it and its tip is its description; Escape hides the tip, focus stays', async () => {
    const page = await pageAs(null);
    await page.goto(`${app.url}${casePath}`);
    await tabToMatch(page, DATE);
    await page.waitForSelector('[role="tooltip"]');
    const described = await page.evaluate(() => document.getElementById(document.activeElement!.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
    expect(described).toMatch(/UTC/);
    await expectFocusVisible(page);
    expect(await axeFindings(page, WCAG21_AA)).toEqual([]);
    await press(page, 'Escape');
    await page.waitForFunction(() => !document.querySelector('[role="tooltip"]'));
    expect(await focused(page, DATE)).toBe(true);
  });

  it('a user card: focus on the author opens it; Escape closes it, Tab goes on past it; the pointer opens it too and may move onto it', async () => {
    const page = await pageAs(null, 390);
    await page.goto(`${app.url}${casePath}`);
    await tabToMatch(page, AUTHOR);
    await page.waitForSelector(`${CARD} a[href^="/space/"]`, { timeout: 10_000 });
    // At phone width the card stays inside the viewport.
    expect(await inViewport(page, CARD)).toBe(true);
    expect(await axeFindings(page, WCAG21_AA)).toEqual([]);
    await press(page, 'Escape');
    await page.waitForFunction((c) => !document.querySelector(c), {}, CARD);
    expect(await focused(page, AUTHOR)).toBe(true);
    // Focus coming back opens it again; Tab leaves for the entry's next control and the card closes.
    await press(page, 'Tab', { shift: true });
    await press(page, 'Tab');
    await page.waitForSelector(CARD, { timeout: 5_000 });
    await press(page, 'Tab');
    expect(await page.evaluate((c) => !!document.activeElement?.closest(c), CARD)).toBe(false);
    await page.waitForFunction((c) => !document.querySelector(c), {}, CARD);

    const fresh = await pageAs(null);
    await fresh.goto(`${app.url}${casePath}`);
    await fresh.waitForSelector(AUTHOR);
    await fresh.hover(AUTHOR);
    await fresh.waitForSelector(CARD, { timeout: 10_000 });
    await fresh.hover(CARD);
    await new Promise((r) => setTimeout(r, 400));
    expect(await fresh.$(CARD)).not.toBeNull();
    await fresh.mouse.move(5, 790);
    await fresh.waitForFunction((c) => !document.querySelector(c), {}, CARD);
  });

  it('the phone drawer: Enter on the menu button opens it with focus inside; Tab stays in it; Escape closes it and focus returns', async () => {
    const page = await pageAs(await app.factories.createUser(), 390);
    await page.goto(`${app.url}/about`);
    await tabTo(page, 'header button[aria-label="Open menu"]');
    await press(page, 'Enter');
    await page.waitForSelector('[role="dialog"] nav a[href="/player"]');
    expect(await focusInDialog(page)).toBe(true);
    await expectFocusVisible(page);
    await expectTabStaysInDialog(page);
    expect(await axeFindings(page, WCAG21_AA)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Open menu');
    await expectFocusVisible(page);

    // Again, now that the library is in: a link chosen inside leads to its page and closes the sheet.
    await press(page, 'Enter');
    await page.waitForSelector('[role="dialog"] nav a[href="/player"]');
    await tabTo(page, '[role="dialog"] nav a[href="/player"]');
    await press(page, 'Enter');
    await page.waitForFunction(() => location.pathname === '/player' && !document.querySelector('[role="dialog"]'));
    // Focus goes to the new page's heading, not back to the menu button.
    await page.waitForFunction(() => document.activeElement?.matches('main h1'), { timeout: 5_000 });
    await new Promise((r) => setTimeout(r, 300));
    expect(await page.evaluate(() => document.activeElement?.matches('main h1'))).toBe(true);
  });

  it('a toast: F8 takes focus to it, Escape dismisses it', async () => {
    const page = await pageAs(await app.factories.createUser());
    await page.goto(`${app.url}/about`);
    await page.waitForSelector('header a[data-unread="0"]');
    const sup = await app.factories.signedIn({ privileges: ['super'] });
    const sent = await app.request.post('/api/message').set('x-access-token', sup.token).send({ data: { type: 'toNormals', content: 'Back up at 23:00 UTC.' } });
    expect(sent.status).toBe(201);
    await page.waitForFunction(() => (document.querySelector('[role="region"][aria-label="Notifications (F8)"]') as HTMLElement | null)?.innerText.includes('Back up at 23:00 UTC.'), { timeout: 10_000 });
    await page.keyboard.press('F8');
    await page.waitForFunction(() => !!document.activeElement?.closest('[role="region"][aria-label="Notifications (F8)"]'));
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('li')?.innerText ?? '')).toContain('Back up at 23:00 UTC.');
    await expectFocusVisible(page);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[role="region"] li'));
  });
});
