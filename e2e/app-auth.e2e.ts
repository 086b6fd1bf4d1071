import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { createTestApp, type TestApp } from '@server/test/harness';
import { startAppSite, type AppSite } from '@server/test/app-site';
import { launchBrowser, onServer, screenshot } from './support/browser';
import { click, seeText } from './support/page';
import { signInBeforeVisit } from './support/session';

/** External authorization in the browser: the mailed link, the approval page, and revoking from the profile. */
describe('authorizing an app', () => {
  let site: AppSite;
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    site = await startAppSite();
    app = await createTestApp({ env: { SERVE_CLIENT: 'true', EXTERNAL_AUTH_ALLOW_LOOPBACK: 'true', EXTERNAL_AUTH_CA_FILE: site.caFile } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await site?.close();
  });

  it('a user reads what the app gets, approves it at phone width, the app gets a token, and the user revokes it', async () => {
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], visitType: 'bot', skipCaptcha: true });
    const text = await app.request.get('/api/service/getAuthText').set('x-access-token', bot);
    site.authsTxt = { status: 200, body: `${text.body.data}\n` };
    const user = await app.factories.createUser();
    const asked = await app.request
      .post('/api/service/externalAuth')
      .set('x-access-token', bot)
      .send({ id: user.id, appName: 'Squad bot', appId: 'squad', EXPIRES_IN: 86_400_000, CALLBACK_PATH: `${site.origin}/callback` });
    expect(asked.body.code).toBe('externalAuth.success');
    const link = app.mail.linkIn(await app.mail.waitFor(user.email!));

    const page = await browser.newPage();
    await page.setViewport({ width: 390, height: 844 });
    await signInBeforeVisit(page, app, user);
    await page.goto(onServer(link, app.url));
    await seeText(page, 'Squad bot asks to use Tribunal with your account');
    await seeText(page, new URL(site.origin).host);
    await seeText(page, '24 hours');
    await seeText(page, 'reply, judge, appeal or send messages');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await click(page, 'Approve');
    await seeText(page, 'Squad bot is authorized');
    expect(site.callbacks).toHaveLength(1);
    const appToken = (site.callbacks[0]!.body as { token: string }).token;
    expect((await app.request.get('/api/user/me').set('x-access-token', appToken)).status).toBe(200);

    // The profile lists it; revoking (by keyboard) ends the app's token at once.
    await click(page, 'Authorized apps', 'link');
    await page.waitForFunction(() => location.pathname === '/profile/apps');
    await seeText(page, 'Squad bot');
    await (await page.locator('::-p-aria([name="Revoke"][role="button"])').waitHandle()).focus();
    await page.keyboard.press('Enter');
    await seeText(page, 'Revoke Squad bot?');
    await page.locator('dialog ::-p-aria([name="Revoke"][role="button"])').click();
    await seeText(page, 'No authorized apps');
    expect((await app.request.get('/api/user/me').set('x-access-token', appToken)).body.code).toBe('user.tokenExpired');
    await screenshot(page, 'app-auth-revoked');
    await page.close();
  });

  it('a refused request gives the app nothing, and the spent link says so', async () => {
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], visitType: 'bot', skipCaptcha: true });
    const user = await app.factories.createUser();
    site.callbacks.length = 0;
    await app.request
      .post('/api/service/externalAuth')
      .set('x-access-token', bot)
      .send({ id: user.id, appName: 'Nosy app', appId: 'nosy', CALLBACK_PATH: `${site.origin}/callback` });
    const link = onServer(app.mail.linkIn(await app.mail.waitFor(user.email!)), app.url);
    // Another person: a browser profile of their own.
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await signInBeforeVisit(page, app, user);
    await page.goto(link);
    await seeText(page, 'Nosy app asks to use Tribunal');
    await click(page, 'Refuse');
    await seeText(page, 'You refused Nosy app');
    await page.goto(link);
    await seeText(page, 'This request for Nosy app was already answered');
    expect(site.callbacks).toEqual([]);
    await context.close();
  });
});
