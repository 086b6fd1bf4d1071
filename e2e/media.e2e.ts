import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, ElementHandle } from 'puppeteer-core';
import { createTestApp, type TestApp } from '@server/test/harness';
import { png } from '@server/test/media';
import { launchBrowser, screenshot, watchCaptchas } from './support/browser';
import { click, seeText } from './support/page';
import { signInThroughPage } from './support/session';

describe('the media library', () => {
  let app: TestApp;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true' } });
    browser = await launchBrowser();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-media-e2e-'));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a user uploads an image, sees the quota bars move and the thumbnail arrive live, and makes it the avatar shown in the header', async () => {
    const user = await app.factories.createUser();
    const page = await browser.newPage();
    await page.setViewport({ width: 1200, height: 900 });
    await signInThroughPage(page, app, user, watchCaptchas(page));

    await page.goto(`${app.url}/profile/media`);
    await seeText(page, 'No files yet');
    const filesMeter = "::-p-aria([name=\"Today's files\"][role=\"meter\"])";
    const meterValue = () => page.$eval(filesMeter, (el) => Number(el.getAttribute('aria-valuenow')));
    expect(await meterValue()).toBe(0);

    const file = path.join(dir, 'holiday.png');
    fs.writeFileSync(file, await png(800, 600));
    const input = (await page.waitForSelector('[data-testid="media-file-input"]')) as ElementHandle<HTMLInputElement> | null;
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/service/upload') && r.request().method() === 'POST');
    await input!.uploadFile(file);
    expect((await uploaded).status()).toBe(201);
    await seeText(page, 'holiday.png is uploaded.');
    await expect.poll(meterValue, { timeout: 10_000 }).toBe(1);

    // The image job ends and the page hears it: the thumbnail replaces the placeholder.
    await page.waitForSelector('li[data-state="ready"] img[src*="size=thumb"]', { timeout: 15_000 });
    await screenshot(page, 'media-library');

    await click(page, 'Use as avatar');
    await seeText(page, 'Your avatar is changed.');
    await page.waitForSelector('header img[src*="size=avatar"]', { timeout: 10_000 });
    const loaded = await page.$eval('header img[src*="size=avatar"]', (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth);
    expect(loaded).toBe(150);

    // Deleting it (with confirmation) gives the storage back.
    await click(page, 'Delete');
    await page.locator('dialog[open] ::-p-aria([name="Delete"][role="button"])').click();
    await seeText(page, 'The file is deleted.');
    await seeText(page, 'No files yet');
    const storage = await page.$eval('::-p-aria([name="Storage"][role="meter"])', (el) => Number(el.getAttribute('aria-valuenow')));
    expect(storage).toBe(0);
  });
});
