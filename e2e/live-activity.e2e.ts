import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { createTestApp, type TestApp } from '@server/test/harness';
import { openCase } from '@server/test/cases';
import { launchBrowser } from './support/browser';
import { seeText } from './support/page';

/** The home page's live activity feed follows what staff withdraw, without a reload. */
describe('live activity feed', () => {
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

  it('drops the line of a report staff hide from an open home page', async () => {
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const admin = await app.factories.signedIn({ privileges: ['admin'] });
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${app.url}/`);
    await seeText(page, 'Live activity');
    // Marks this document: a reload would lose the mark.
    await page.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));

    const { account, dbId } = await openCase(app, bot);
    await seeText(page, account.name, 5_000);
    const [report] = (await app.request.get(`/api/player/timeline?dbId=${dbId}`)).body.data.result as Array<{ id: number }>;
    expect((await app.request.post('/api/player/unReply').set('x-access-token', admin.token).send({ data: { id: report!.id } })).status).toBe(200);
    await page.waitForFunction((name) => !document.body.innerText.includes(name), { timeout: 5_000 }, account.name);
    expect(await page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched)).toBe(true);
  });

  it('does not bring back, on coming home again, the line of a report hidden while the page was elsewhere', async () => {
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const admin = await app.factories.signedIn({ privileges: ['admin'] });
    const { account, dbId } = await openCase(app, bot);
    // A context of its own: nothing the other test's page read is in its cache.
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${app.url}/`);
    await seeText(page, account.name);
    await page.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));

    // Within the 30 s the feed's answer may be kept (PUBLIC_READ, server/http/cache-control.ts).
    await page.click('header nav a[href="/player"]');
    await page.waitForFunction(() => location.pathname === '/player');
    const [report] = (await app.request.get(`/api/player/timeline?dbId=${dbId}`)).body.data.result as Array<{ id: number }>;
    expect((await app.request.post('/api/player/unReply').set('x-access-token', admin.token).send({ data: { id: report!.id } })).status).toBe(200);
    await page.goBack();
    await page.waitForFunction(() => location.pathname === '/' && document.querySelector('#activity') && !document.querySelector('#activity [aria-busy="true"]'));
    expect(await page.evaluate((name) => document.body.innerText.includes(name), account.name)).toBe(false);
    expect(await page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched)).toBe(true);
  });
});
