import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { createTestApp, type TestApp } from '@server/test/harness';
import { openCase } from '@server/test/cases';
import { launchBrowser, screenshot } from './support/browser';
import { click, seeText } from './support/page';
import { signInBeforeVisit } from './support/session';

/** Whether the footer shows the companion app banner (the `footerBar` flag); the footer itself always shows. */
const appBannerShown = (page: Page) => page.evaluate(() => !!document.querySelector('main ~ footer aside'));

/**
 * Waits for the one file the browser saves into `dir`, and reads it. Chromium reserves the file's
 * name with an empty file while it writes into `<name>.crdownload`, then moves that over it.
 */
async function downloaded(dir: string): Promise<{ name: string; text: string }> {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    const files = fs.readdirSync(dir);
    const done = files.filter((f) => !f.endsWith('.crdownload'));
    const writing = files.length > done.length;
    if (done.length && !writing && fs.statSync(path.join(dir, done[0]!)).size > 0) {
      return { name: done[0]!, text: fs.readFileSync(path.join(dir, done[0]!), 'utf8') };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no file was downloaded');
}

/** The local profile sections: a flag changes the page, opened cases land in the history, and everything travels in a file. */
describe('profile sections kept in the browser', () => {
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

  it('a visitor opening the history is asked to sign in', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 390, height: 844 });
    await page.goto(`${app.url}/profile/history`);
    await seeText(page, 'Sign in to see your history');
    await page.locator('::-p-aria([name="Sign in"][role="link"])').click();
    await page.waitForFunction(() => location.pathname === '/signin');
    expect(new URL(page.url()).searchParams.get('backurl')).toBe('/profile/history');
    await page.close();
  });

  it('turns the footer app banner off, finds an opened case in the history, exports, clears, and imports it all back', async () => {
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { account } = await openCase(app, bot, { description: '<p>History trail: aimbot on Fao Fortress.</p>' });
    const user = await app.factories.createUser();
    const page = await browser.newPage();
    await page.setViewport({ width: 390, height: 844 });
    await signInBeforeVisit(page, app, user);

    // A flag and its effect: the footer's app banner goes away at once, and stays away on other pages.
    await page.goto(`${app.url}/profile/enhancement`);
    await seeText(page, 'App banner in the footer');
    expect(await appBannerShown(page)).toBe(true);
    await page.locator('[data-flag="footerBar"] input[role="switch"]').click();
    await page.waitForFunction(() => !document.querySelector('main ~ footer aside'));
    await screenshot(page, 'profile-enhancement-390');
    await page.goto(`${app.url}/player`);
    await seeText(page, 'Player list');
    expect(await appBannerShown(page)).toBe(false);

    // The history starts empty, then lists the case once it was opened.
    await page.goto(`${app.url}/profile/history`);
    await seeText(page, 'No cases yet');
    await page.goto(`${app.url}/player/${account.personaId}`);
    await seeText(page, 'History trail: aimbot on Fao Fortress.');
    await page.goto(`${app.url}/profile/history`);
    await seeText(page, account.name);
    await seeText(page, 'Cases opened in this browser: 1');
    await screenshot(page, 'profile-history-390');

    // Export: one versioned file with the flag and the history.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-export-'));
    const cdp = await page.createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir });
    await page.goto(`${app.url}/profile/export`);
    await click(page, 'Download the file');
    const file = await downloaded(dir);
    expect(file.name).toMatch(/^tribunal-local-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(file.text);
    expect(data).toMatchObject({ format: 'tribunal-local-data', version: 2, flags: { footerBar: false } });
    expect(data.history).toHaveLength(1);

    // Change everything back, then import the file: a bad file first changes nothing.
    await page.goto(`${app.url}/profile/history`);
    await click(page, 'Clear the history');
    await page.locator('dialog ::-p-aria([name="Clear the history"][role="button"])').click();
    await seeText(page, 'No cases yet');
    await page.goto(`${app.url}/profile/enhancement`);
    await page.locator('[data-flag="footerBar"] input[role="switch"]').click();
    await page.waitForFunction(() => !!document.querySelector('main ~ footer aside'));

    await page.goto(`${app.url}/profile/export`);
    const bad = path.join(dir, 'broken.json');
    fs.writeFileSync(bad, JSON.stringify({ ...data, history: [{ id: 'x', time: 1 }] }));
    const input = await page.waitForSelector('input[type="file"]');
    await input!.uploadFile(bad);
    await seeText(page, 'This file cannot be imported');
    await seeText(page, 'Nothing was changed.');
    expect(await appBannerShown(page)).toBe(true);

    await input!.uploadFile(path.join(dir, file.name));
    await seeText(page, 'Replace this browser');
    await screenshot(page, 'profile-export-review-390');
    expect(await page.$eval('tr[data-part="history"] td', (td) => td.textContent)).toBe('Now 0, from the file 1');
    await click(page, 'Replace with the file');
    await seeText(page, 'Import done.');
    await page.waitForFunction(() => !document.querySelector('main ~ footer aside'));

    await page.goto(`${app.url}/profile/history`);
    await seeText(page, account.name);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sounds are off until turned on, and each kind can be tried; the follow buttons go with their flag', async () => {
    const user = await app.factories.createUser();
    // A browser profile of its own: nothing kept from the tests above.
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 390, height: 844 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await signInBeforeVisit(page, app, user);
    await page.goto(`${app.url}/profile/voice`);
    await seeText(page, 'Play sounds');
    const master = page.locator('::-p-aria([name="Play sounds"][role="switch"])');
    expect(await (await master.waitHandle()).evaluate((el) => (el as HTMLInputElement).checked)).toBe(false);
    expect(await page.$eval('[data-kind="message"] input[role="switch"]', (el) => (el as HTMLInputElement).disabled)).toBe(true);
    // Not staff: no new-appeal sound offered.
    expect(await page.$('[data-kind="appeal"]')).toBeNull();
    await master.click();
    await page.waitForFunction(() => !(document.querySelector('[data-kind="message"] input[role="switch"]') as HTMLInputElement).disabled);
    await click(page, 'Try the sound for: New message');
    const state = await page.evaluate(() => JSON.parse(localStorage.getItem('tribunal:localFlags') ?? '{}').voice);
    expect(state).toBe(true);
    await screenshot(page, 'profile-voice-390');
    expect(errors).toEqual([]);

    // Another flag: without follow buttons, the case page offers none.
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { account } = await openCase(app, bot, { description: '<p>Follow flag: wallhack on Suez.</p>' });
    const followButtons = () => page.$$eval('button[aria-pressed]', (buttons) => buttons.filter((b) => /Follow/.test(b.textContent ?? '')).length);
    await page.goto(`${app.url}/player/${account.personaId}`);
    await seeText(page, 'Follow flag: wallhack on Suez.');
    await page.waitForFunction(() => [...document.querySelectorAll('button[aria-pressed]')].some((b) => /Follow/.test(b.textContent ?? '')));
    await page.goto(`${app.url}/profile/enhancement`);
    await page.locator('[data-flag="subscribes"] input[role="switch"]').click();
    await page.goto(`${app.url}/player/${account.personaId}`);
    await seeText(page, 'Follow flag: wallhack on Suez.');
    expect(await followButtons()).toBe(0);
    await context.close();
  });

  it('with the live player list on, a new report shows up on the list without reloading', async () => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${app.url}/`);
    await page.evaluate(() => localStorage.setItem('tribunal:localFlags', JSON.stringify({ autoUpdatePlayerList: true })));
    await page.goto(`${app.url}/player`);
    await seeText(page, 'Live');
    await page.waitForSelector('table');
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { account } = await openCase(app, bot, { description: '<p>Live list: new report arrives.</p>' });
    await seeText(page, account.name);
    await context.close();
  });
});
