import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { createTestApp, type TestApp } from '@server/test/harness';
import { axeFindings, WCAG21_AA } from './support/axe';
import { launchBrowser } from './support/browser';
import { signInBeforeVisit } from './support/session';

const TRIGGER = 'header button[aria-haspopup="menu"]';
/** Radix moves focus between items a moment after the key. */
const focusOn = (page: Page, item: string) => page.waitForFunction((name) => document.activeElement?.getAttribute('role') === 'menuitem' && document.activeElement.textContent?.trim() === name, { timeout: 5000 }, item);
const menuOpen = (page: Page) => page.evaluate(() => !!document.querySelector('[role="menu"]'));

/** The account menu in the header, by keyboard and by pointer (client/components/Menu.tsx). */
describe('the account menu', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true' } });
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    const user = await app.factories.createUser({ username: 'menu-member' });
    await signInBeforeVisit(page, app, user);
    await page.goto(`${app.url}/about`);
    await page.waitForSelector(TRIGGER);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('names its trigger with the visible name, opens on Enter at the first item, jumps by typed letters and returns focus on Escape', async () => {
    expect(await page.$eval(TRIGGER, (b) => b.getAttribute('aria-label'))).toContain('menu-member');
    await page.focus(TRIGGER);
    await page.keyboard.press('Enter');
    await page.waitForSelector('[role="menu"] [role="menuitem"]');
    await focusOn(page, 'My space');

    await page.keyboard.type('si');
    await focusOn(page, 'Sign out');

    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[role="menu"]'));
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-haspopup') === 'menu');

    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
    await page.keyboard.press('End');
    await focusOn(page, 'Sign out');
    await page.keyboard.press('Home');
    await focusOn(page, 'My space');
    expect(await axeFindings(page, WCAG21_AA)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[role="menu"]'));
  });

  it('closes on Tab and Shift+Tab, focus moving on from its trigger as if the menu had not been open', async () => {
    const trigger = await page.waitForSelector(TRIGGER);
    const tabFrom = async (shift: boolean, open: boolean) => {
      await trigger!.focus();
      if (open) {
        await page.keyboard.press('Enter');
        await focusOn(page, 'My space');
      }
      if (shift) await page.keyboard.down('Shift');
      await page.keyboard.press('Tab');
      if (shift) await page.keyboard.up('Shift');
      return page.evaluateHandle(() => document.activeElement);
    };
    for (const shift of [false, true]) {
      const expected = await tabFrom(shift, false);
      const reached = await tabFrom(shift, true);
      await page.waitForFunction(() => !document.querySelector('[role="menu"]'));
      expect(await page.evaluate((a, b) => a === b && a !== document.body, expected, reached)).toBe(true);
      // Nothing takes focus back once the menu is gone.
      await new Promise((r) => setTimeout(r, 300));
      expect(await page.evaluate((b) => document.activeElement === b, reached)).toBe(true);
    }
  });

  it('opens on a click, stays inside the viewport at phone width, and an item leads to its page', async () => {
    await page.setViewport({ width: 360, height: 740 });
    await page.click(TRIGGER);
    await page.waitForSelector('[role="menu"]');
    const box = await page.$eval('[role="menu"]', (m) => m.getBoundingClientRect().toJSON() as DOMRect);
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(360);
    await page.locator('::-p-aria([name="My space"][role="menuitem"])').click();
    await page.waitForFunction(() => location.pathname.startsWith('/space/'));
    expect(await menuOpen(page)).toBe(false);
  });
});
