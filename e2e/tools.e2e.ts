import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { createTestApp, type TestApp, type TestUser } from '@server/test/harness';
import { launchBrowser, screenshot } from './support/browser';
import { click, fill, seeText } from './support/page';
import { signInBeforeVisit } from './support/session';

/**
 * The tools directory: a member submits a tool, staff approve it in /admin/tools, and it appears
 * on /apps under the filter given in the address, on a phone too.
 */
describe('tools directory', () => {
  let app: TestApp;
  let browser: Browser;
  let member: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true' } });
    browser = await launchBrowser();
    member = await app.factories.createUser();
    staff = await app.factories.createUser({ privileges: ['admin'] });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function pageOf(user: TestUser | null, width = 1280): Promise<Page> {
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport({ width, height: 900 });
    if (user) await signInBeforeVisit(page, app, user);
    return page;
  }
  const cardNames = (page: Page) => page.$$eval('main ul li h2', (hs) => hs.map((h) => h.textContent?.trim() ?? ''));
  const pressed = (page: Page) => page.$$eval('[aria-pressed="true"]', (bs) => bs.map((b) => b.textContent?.trim() ?? ''));

  it('lists the site’s own tools and filters them, the filter kept in the address and usable by keyboard', async () => {
    const page = await pageOf(null);
    await page.goto(`${app.url}/apps`);
    await seeText(page, 'Tribunal public API');
    expect(await cardNames(page)).toHaveLength(5);
    expect(await pressed(page)).toEqual(['All']);
    await click(page, 'Bot');
    await page.waitForFunction(() => location.search === '?tag=bot');
    await page.waitForFunction(() => document.querySelectorAll('main ul li h2').length === 1);
    expect(await cardNames(page)).toEqual(['Webhooks for bots']);
    // A shared address opens with its filter; the keyboard moves it.
    await page.goto(`${app.url}/apps?tag=app`);
    await seeText(page, 'Tribunal companion app');
    expect(await pressed(page)).toEqual(['App']);
    await page.focus('[aria-pressed="true"]');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.search === '?tag=bot');
    await seeText(page, 'Webhooks for bots');
    // The directory's "bf2042/bf6" chip answers to either name.
    await page.goto(`${app.url}/apps?tag=bf2042`);
    await seeText(page, 'No tool here yet.');
    expect(await pressed(page)).toEqual(['BF2042 / BF6']);
    // Visitors are asked to sign in to submit.
    await seeText(page, 'Sign in to submit a tool');
  });

  it('a member submits a tool, staff approve it, and it appears under its filter on a phone', async () => {
    const page = await pageOf(member);
    await page.goto(`${app.url}/apps`);
    await seeText(page, 'Tribunal public API');
    await click(page, 'Submit a tool');
    await seeText(page, 'Staff review every submission');
    // The form's own checks, from the server's schema.
    await click(page, 'Send for review');
    await seeText(page, 'Choose at least one tag');
    await fill(page, 'Name', 'Match replay viewer');
    await fill(page, 'What it does', 'Plays back recorded rounds so that reports can point at exact moments.');
    await click(page, 'Desktop app', 'checkbox');
    await fill(page, 'Download address', 'http://insecure.example/viewer.zip');
    await click(page, 'Send for review');
    await seeText(page, 'Use an https:// address or a path of this site.');
    await fill(page, 'Download address', 'https://replays.example/viewer.zip');
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/tools/submit'));
    await click(page, 'Send for review');
    expect((await sent).status()).toBe(201);
    await seeText(page, 'Waiting for review');
    expect(await cardNames(page)).not.toContain('Match replay viewer');

    const desk = await pageOf(staff, 375);
    await desk.goto(`${app.url}/admin/tools`);
    await seeText(desk, 'Match replay viewer');
    await seeText(desk, `submitted by ${member.username}`);
    const reviewed = desk.waitForResponse((r) => r.url().endsWith('/api/admin/tools/review'));
    await click(desk, 'Approve');
    expect((await reviewed).status()).toBe(200);
    await seeText(desk, 'Match replay viewer is listed.');
    await screenshot(desk, 'admin-tools-375');

    const phone = await pageOf(null, 360);
    await phone.goto(`${app.url}/apps?tag=desktop`);
    await seeText(phone, 'Match replay viewer');
    expect(await cardNames(phone)).toEqual(['Match replay viewer']);
    const link = await phone.$eval('a[aria-label="Get Match replay viewer"]', (a) => [a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')]);
    expect(link).toEqual(['https://replays.example/viewer.zip', '_blank', 'noopener noreferrer nofollow']);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(phone, 'apps-360');

    await page.reload();
    await seeText(page, 'Approved');
  });
});
