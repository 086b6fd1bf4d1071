import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { createTestApp, type TestApp } from '@server/test/harness';
import { openCase } from '@server/test/cases';
import { launchBrowser } from './support/browser';
import { seeText } from './support/page';

/** A page's first load asks the server for each thing once: nothing sent twice, nothing cancelled and sent again. */
describe('first loads', () => {
  let app: TestApp;
  let browser: Browser;
  let personaId: string;

  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true' } });
    browser = await launchBrowser();
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { account } = await openCase(app, bot, { description: '<p>First load evidence: aimbot on Suez.</p>' });
    personaId = account.personaId;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it.each([
    ['the home page', (): string => '/', null],
    ['a case page', (): string => `/player/${personaId}`, 'First load evidence: aimbot on Suez.'],
    ['the case list', (): string => '/player', null],
    ['a search', (): string => '/search/suez', null],
  ] as const)('%s sends each API request once', async (_, path, text) => {
    const page = await (await browser.createBrowserContext()).newPage();
    const asked: string[] = [];
    const failed: string[] = [];
    page.on('request', (r) => {
      if (r.url().startsWith(`${app.url}/api/`)) asked.push(`${r.method()} ${r.url().slice(app.url.length)}`);
    });
    page.on('requestfailed', (r) => {
      if (r.url().startsWith(app.url)) failed.push(`${r.failure()?.errorText} ${r.url()}`);
    });
    await page.goto(`${app.url}${path()}`, { waitUntil: 'networkidle0' });
    if (text) await seeText(page, text);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((request, i) => asked.indexOf(request) !== i)).toEqual([]);
    expect(failed).toEqual([]);
  });
});
