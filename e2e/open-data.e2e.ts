import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { createTestApp, type TestApp } from '@server/test/harness';
import { openCase } from '@server/test/cases';
import { makeDailyDump } from '@server/modules/open-data/produce';
import { launchBrowser, screenshot } from './support/browser';
import { axeFindings, WCAG21_AA } from './support/axe';
import { seeText } from './support/page';

describe('the open-data page', () => {
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

  it('lists the day’s dump with its files, sizes and hashes, and a file downloads as its hash says', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 360, height: 780 });
    const { token } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    await openCase(app, token);
    // A day of its own, so the scheduled job's dump of today does not stand in its way.
    const dump = (await makeDailyDump(app.services, new Date(Date.now() + 2 * 24 * 3600_000)))!;

    await page.goto(`${app.url}/data`);
    await seeText(page, 'What the dumps hold');
    await page.waitForSelector(`[data-dump="${dump.day}"]`);
    const links = await page.$$eval(`[data-dump="${dump.day}"] a`, (as) => as.map((a) => ({ text: a.textContent, href: a.getAttribute('href') })));
    expect(links.map((l) => l.text)).toEqual(['Cases as NDJSON (gzip)', 'Cases as CSV (gzip)', 'Field descriptions (JSON)']);
    const csv = dump.files.find((f) => f.kind === 'csv')!;
    expect(await page.$eval(`[data-dump="${dump.day}"]`, (li) => (li as HTMLElement).innerText)).toContain(csv.sha256);
    const bytes = await page.evaluate(async (href) => Array.from(new Uint8Array(await (await fetch(href)).arrayBuffer())), links[1]!.href!);
    expect(crypto.createHash('sha256').update(Buffer.from(bytes)).digest('hex')).toBe(csv.sha256);
    expect(await axeFindings(page, WCAG21_AA)).toEqual([]);
    await screenshot(page, 'open-data-phone');
  });
});
