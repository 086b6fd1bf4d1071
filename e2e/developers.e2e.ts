import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { createTestApp, type TestApp, type TestUser } from '@server/test/harness';
import { launchBrowser, screenshot } from './support/browser';
import { click, fill, seeText } from './support/page';
import { signInBeforeVisit } from './support/session';

/**
 * Applications and keys: a member registers an application at /developers, staff approve it in
 * /admin/applications, and the member makes a key, sees its secret once, and the key works.
 */
describe('developers', () => {
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

  async function pageOf(user: TestUser, width = 1280): Promise<Page> {
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport({ width, height: 900 });
    await signInBeforeVisit(page, app, user);
    return page;
  }

  it('a member registers an application, staff approve it, and the member makes a key seen once', async () => {
    const page = await pageOf(member);
    await page.goto(`${app.url}/developers`);
    await seeText(page, 'You have not registered an application yet.');
    // The form's own checks, from the server's schema.
    await fill(page, 'Name', 'Server guard');
    await fill(page, 'What it does', 'Kicks confirmed cheaters from our three community servers.');
    await fill(page, 'Homepage', 'http://guard.example');
    await fill(page, 'Contact', 'ops@guard.example');
    await click(page, 'Send for review');
    await seeText(page, 'An address starting with https://');
    await fill(page, 'Homepage', 'https://guard.example');
    await click(page, 'Report players', 'checkbox');
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/developers/applications') && r.request().method() === 'POST');
    await click(page, 'Send for review');
    expect((await sent).status()).toBe(201);
    await seeText(page, 'Waiting for review');

    const desk = await pageOf(staff, 375);
    await desk.goto(`${app.url}/admin/applications`);
    await seeText(desk, 'Server guard');
    await seeText(desk, `by ${member.username}`);
    await seeText(desk, 'Asked for: Read · Report players');
    await click(desk, 'Approve');
    await seeText(desk, 'Scopes to grant');
    const reviewed = desk.waitForResponse((r) => r.url().endsWith('/api/admin/applications/review'));
    await click(desk, 'Grant and approve');
    expect((await reviewed).status()).toBe(200);
    expect(JSON.parse((await reviewed).request().postData() ?? '{}').data.scopes).toEqual(['read', 'report']);
    await seeText(desk, 'Server guard approved.');
    expect(await desk.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(desk, 'admin-applications-375');

    await page.reload();
    await seeText(page, 'Granted: Read · Report players');
    await fill(page, 'Key name', 'production');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/developers/keys'));
    await click(page, 'Create a key');
    expect((await created).status()).toBe(201);
    await seeText(page, 'it is shown only this once');
    const secret = await page.locator('::-p-aria([name="Key"][role="textbox"])').map((input) => (input as HTMLInputElement).value).wait();
    expect(secret).toMatch(/^tbk_[A-Za-z0-9_-]{43}$/);
    await screenshot(page, 'developers-key-once');

    // The key works, as the application's bot account.
    const me = await fetch(`${app.url}/api/user/me`, { headers: { 'x-access-token': secret } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { data: { privilege: string[] } }).data.privilege).toEqual(['bot']);

    // Once dismissed, or after a reload, only its first characters are shown.
    await click(page, 'I have copied it');
    await page.waitForFunction((s) => !document.body.innerHTML.includes(s), {}, secret);
    await page.reload();
    await seeText(page, `${secret.slice(0, 10)}…`);
    await seeText(page, 'last used');
    expect(await page.evaluate((s) => document.body.innerHTML.includes(s), secret)).toBe(false);

    // The key's request shows in the usage chart.
    await click(page, 'Show usage');
    await seeText(page, 'Last 30 days: 1 requests, 0 writes.');
    await page.waitForSelector('section[data-usage-of] svg');
  });
});
