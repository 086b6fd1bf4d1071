import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { createTestApp, type TestApp } from '@server/test/harness';
import { openCase } from '@server/test/cases';
import { launchBrowser, watchCaptchas } from './support/browser';
import { seeText } from './support/page';
import { signInThroughPage } from './support/session';

/** Every Content-Security-Policy refusal the page reports (the browser logs each to the console). */
function watchCspViolations(page: Page) {
  const refused: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) refused.push(msg.text());
  });
  return refused;
}

/** The site's pages under its security headers, in a real browser. */
describe('security headers in the browser', () => {
  let app: TestApp;
  let browser: Browser;
  let casePath: string;
  let otherSite: http.Server;
  let otherSiteUrl: string;

  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true' } });
    browser = await launchBrowser();
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { account } = await openCase(app, bot, { description: '<p>Evidence for the frame test: prefires every corner.</p>' });
    casePath = `/player/${account.personaId}`;
    // Another site (another origin) that frames our pages.
    otherSite = http.createServer((req, res) => {
      const target = new URL(req.url!, 'http://x').searchParams.get('src')!;
      res.setHeader('content-type', 'text/html');
      res.end(`<!doctype html><title>forum</title><iframe id="f" src="${app.url}${target}" width="600" height="400"></iframe>`);
    });
    await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
    otherSiteUrl = `http://127.0.0.1:${(otherSite.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    otherSite?.close();
    await browser?.close();
    await app?.close();
  });

  it('runs the home, case, statistics and API docs pages with no CSP refusal', async () => {
    const page = await browser.newPage();
    const refused = watchCspViolations(page);
    const res = await page.goto(`${app.url}/`);
    const csp = res!.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    await page.waitForSelector('#root *', { timeout: 15_000 });
    await page.goto(`${app.url}${casePath}`);
    await seeText(page, 'Evidence for the frame test');
    await page.goto(`${app.url}/sitestats`);
    await page.waitForSelector('svg.apexcharts-svg', { timeout: 20_000 });
    await page.goto(`${app.url}/api/docs`);
    await page.waitForSelector('.swagger-ui .info', { timeout: 20_000 });
    expect(refused).toEqual([]);
  });

  it('applies the saved theme before the app starts, from a script file (no inline script)', async () => {
    const page = await browser.newPage();
    const refused = watchCspViolations(page);
    await page.goto(`${app.url}/about`);
    await page.evaluate(() => localStorage.setItem('tribunal:preferences', JSON.stringify({ theme: 'dark', textSize: 'large' })));
    // Stop the app itself from running: what sets the theme now is the boot script alone.
    await page.setRequestInterception(true);
    page.on('request', (req) => void (/\/assets\/.*\.js$/.test(req.url()) ? req.abort() : req.continue()));
    await page.reload();
    expect(await page.evaluate(() => [document.documentElement.dataset.theme, document.documentElement.dataset.textSize])).toEqual(['dark', 'large']);
    expect(await page.$$eval('script:not([src])', (s) => s.length)).toBe(0);
    expect(refused).toEqual([]);
  });

  it('lets another site frame the share card, and no other page', async () => {
    const page = await browser.newPage();
    await page.goto(`${otherSiteUrl}/?src=${encodeURIComponent(`${casePath}/share/card`)}`);
    const card = (await (await page.waitForSelector('#f'))!.contentFrame())!;
    await card.waitForFunction(() => document.body.innerText.trim().length > 0, { timeout: 15_000 });

    const refused = watchCspViolations(page);
    await page.goto(`${otherSiteUrl}/?src=${encodeURIComponent(casePath)}`);
    await page.waitForFunction(() => true);
    await new Promise((r) => setTimeout(r, 1500));
    const framed = (await (await page.$('#f'))!.contentFrame())!;
    const text = await framed.evaluate(() => document.body?.innerText ?? '').catch(() => '');
    expect(text).not.toContain('Evidence for the frame test');
    expect(refused.join('\n')).toMatch(/frame-ancestors/);
  });

  it('keeps the signed-in token out of cookies', async () => {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    const user = await app.factories.createUser();
    await signInThroughPage(page, app, user, watchCaptchas(page));
    const stored = await page.evaluate(() => localStorage.getItem('tribunal.session'));
    const token = (JSON.parse(stored!) as { token: string }).token;
    expect(token.length).toBeGreaterThan(20);
    const cookies = await page.evaluate(() => document.cookie);
    expect(cookies).not.toContain(token);
    expect((await context.cookies()).some((c) => c.value.includes(token))).toBe(false);
    // Still signed in after a reload.
    await page.reload();
    await seeText(page, user.username);
    await context.close();
  });
});
