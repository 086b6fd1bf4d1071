import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { createTestApp, type TestApp } from '@server/test/harness';
import { openCase } from '@server/test/cases';
import { launchBrowser, screenshot } from './support/browser';
import { axeFindings, WCAG21_AA } from './support/axe';
import { seeText } from './support/page';

describe('the “Listed here?” box and its explainer', () => {
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

  it('a visitor on a case finds the box and follows it to what being listed means, how verdicts are made and how to appeal', async () => {
    const { token } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { account } = await openCase(app, token);
    const page = await browser.newPage();
    await page.setViewport({ width: 360, height: 780 });
    await page.goto(`${app.url}/player/${account.personaId}`);
    await page.waitForSelector('#listed-here');
    expect(await page.$eval('#listed-here h2', (h) => h.textContent)).toBe('Listed here? Read this');
    await page.locator('#listed-here a').click();
    await page.waitForFunction(() => location.pathname === '/listed');
    await page.waitForSelector('#listed-meaning');
    await seeText(page, 'How to appeal');
    expect(await page.$eval('h1', (h) => h.textContent)).toBe('Listed here? Read this');
    expect(await page.$$eval('section h2[id^="listed-"]', (hs) => hs.map((h) => h.textContent))).toEqual(['What being listed means', 'How verdicts are made', 'How to appeal']);
    expect(await page.title()).toContain('Listed here?');
    expect(await axeFindings(page, WCAG21_AA)).toEqual([]);
    await screenshot(page, 'listed-explainer-phone');
  });
});
