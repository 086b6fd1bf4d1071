import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, ElementHandle } from 'puppeteer-core';
import { desc, eq } from 'drizzle-orm';
import crypto from 'node:crypto';
import { files, uploadSessions } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { openCase } from '@server/test/cases';
import { png } from '@server/test/media';
import { makeZip } from '@server/test/zip';
import { launchBrowser, screenshot, watchCaptchas } from './support/browser';
import { click, fill, seeText } from './support/page';
import { signInBeforeVisit } from './support/session';
import { storedBytes } from '@server/infra/storage';

/** An mp4 header (`ftyp isom`) followed by `size` bytes in all. */
const mp4 = (size: number) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'), Buffer.alloc(size - 24, 7)]);

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
    // Each test signs in in its own browser context (a session is kept in local storage).
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport({ width: 1200, height: 900 });
    await signInBeforeVisit(page, app, user);

    await page.goto(`${app.url}/profile/media`);
    await seeText(page, 'No files yet');
    const filesMeter = "::-p-aria([name=\"Today's files\"][role=\"meter\"])";
    const meterValue = () => page.$eval(filesMeter, (el) => Number(el.getAttribute('aria-valuenow')));
    // The quota comes with a request of its own: the bars may show a moment after the empty list.
    await page.waitForSelector(filesMeter);
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
    // The header shows it once the picture has loaded (a broken one would end complete with no width).
    await page.waitForFunction(() => (document.querySelector('header img[src*="size=avatar"]') as HTMLImageElement | null)?.complete === true, { timeout: 10_000 });
    const loaded = await page.$eval('header img[src*="size=avatar"]', (img) => (img as HTMLImageElement).naturalWidth);
    expect(loaded).toBe(150);

    // Deleting it (with confirmation) gives the storage back.
    await click(page, 'Delete');
    await page.locator('dialog[open] ::-p-aria([name="Delete"][role="button"])').click();
    await seeText(page, 'The file is deleted.');
    await seeText(page, 'No files yet');
    const storage = await page.$eval('::-p-aria([name="Storage"][role="meter"])', (el) => Number(el.getAttribute('aria-valuenow')));
    expect(storage).toBe(0);
  });

  it('cards show the names files were uploaded with; at phone width the library is found by name and type, kept in the address across a reload', async () => {
    const { user, token } = await app.factories.signedIn();
    const put = (bytes: Buffer, disposition?: string) => {
      const req = app.request.put('/api/service/upload').set('x-access-token', token).set('Content-Type', 'application/octet-stream');
      return (disposition ? req.set('Content-Disposition', disposition) : req).send(bytes);
    };
    // An archive and a video through the raw PUT (a name with a non-Latin part, and a long one), and an old client's file with no name.
    expect((await put(makeZip([{ name: 'Logfile.log', content: 'moss' }]), "attachment; filename*=UTF-8''MOSS%20Kharg%20%E6%88%98%E5%9C%B0.zip")).status).toBe(201);
    const long = `Kharg Island round ${'very '.repeat(20)}long recording.mp4`;
    expect((await put(mp4(4096), `attachment; filename="${long}"`)).status).toBe(201);
    expect((await put(mp4(2048))).status).toBe(201);

    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport({ width: 390, height: 844 });
    await signInBeforeVisit(page, app, user);
    await page.goto(`${app.url}/profile/media`);
    // A picture from this browser: its name comes from the file chosen.
    const file = path.join(dir, 'Sunset over Kharg.png');
    fs.writeFileSync(file, await png(320, 240));
    const input = (await page.waitForSelector('[data-testid="media-file-input"]')) as ElementHandle<HTMLInputElement> | null;
    await input!.uploadFile(file);
    await seeText(page, 'Sunset over Kharg.png is uploaded.');

    const cardNames = () => page.$$eval('li[data-state] [data-file-name]', (els) => els.map((el) => el.textContent));
    await expect.poll(cardNames, { timeout: 10_000 }).toEqual(['Sunset over Kharg.png', expect.stringMatching(/^Video from /), long, 'MOSS Kharg 战地.zip']);
    // The long name is cut on the card, and whole in its title (and its text, for screen readers).
    const cut = await page.$eval(`[data-file-name][title="${long}"]`, (el) => ({ clipped: el.scrollHeight > el.clientHeight + 1, text: el.textContent }));
    expect(cut).toEqual({ clipped: true, text: long });
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // Typing filters once it stops, in any case, and the address says so.
    const search = page.locator('::-p-aria([name="Search by name"])');
    await search.fill('kharg');
    await expect.poll(cardNames, { timeout: 10_000 }).toEqual(['Sunset over Kharg.png', long, 'MOSS Kharg 战地.zip']);
    expect(new URL(page.url()).searchParams.get('name')).toBe('kharg');
    await seeText(page, '3 files match.');
    await screenshot(page, 'media-library-filter-phone');

    // The type, chosen with the keyboard: from "All" the arrow keys move through the radio group.
    await page.locator('::-p-aria([name="All"][role="radio"])').click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(cardNames, { timeout: 10_000 }).toEqual([long]);
    expect(new URL(page.url()).searchParams.get('kind')).toBe('video');

    // A reload keeps both.
    await page.reload();
    await expect.poll(cardNames, { timeout: 10_000 }).toEqual([long]);
    expect(await page.$eval('::-p-aria([name="Search by name"])', (el) => (el as HTMLInputElement).value)).toBe('kharg');
    expect(await page.$eval('::-p-aria([name="Videos"][role="radio"])', (el) => (el as HTMLInputElement).checked)).toBe(true);

    // No match: said so, and one click shows everything again.
    await search.fill('zzz');
    await seeText(page, 'No files match');
    await click(page, 'Clear filters');
    await expect.poll(cardNames, { timeout: 10_000 }).toHaveLength(4);
    expect(new URL(page.url()).search).toBe('');
    expect(await page.$eval('::-p-aria([name="Search by name"])', (el) => (el as HTMLInputElement).value)).toBe('');
  });

  it('a user crops and turns a picture in the upload widget, uploads it as the avatar, and sees it in the header', async () => {
    const user = await app.factories.createUser();
    // Each test signs in in its own browser context (a session is kept in local storage).
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport({ width: 1200, height: 900 });
    await signInBeforeVisit(page, app, user);
    await page.goto(`${app.url}/profile/media`);
    await click(page, 'Upload an avatar');
    const file = path.join(dir, 'portrait.png');
    fs.writeFileSync(file, await png(800, 600));
    const input = (await page.waitForSelector('dialog[open] [data-testid="widget-file-input"]')) as ElementHandle<HTMLInputElement> | null;
    await input!.uploadFile(file);
    await seeText(page, 'Zoom');
    await click(page, 'Turn right');
    await click(page, 'Apply');
    await page.waitForSelector('dialog[open] img[alt="The picture as it will be uploaded"]');
    await screenshot(page, 'upload-widget-preview');
    await page.locator('dialog[open] ::-p-aria([name="Upload"][role="button"])').click();
    await seeText(page, 'Your avatar is changed.');
    await page.waitForSelector('header img[src*="size=avatar"]', { timeout: 10_000 });
    // What was stored is the square crop, as a JPEG.
    const [row] = await app.services.db.select().from(files).where(eq(files.byUserId, user.id)).orderBy(desc(files.id)).limit(1);
    expect(row).toMatchObject({ mimeType: 'image/jpeg', state: 'ready', originalName: 'portrait.jpg' });
    expect(row!.details.width).toBe(row!.details.height);
  });

  it('a user inserts an image from the media library into a reply', async () => {
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { account } = await openCase(app, bot, { description: '<p>Opening evidence: wall tracking on every map.</p>' });
    const { user, token } = await app.factories.signedIn();
    const upload = async (own: string) => {
      const up = await app.request.put('/api/service/upload').set('x-access-token', token).set('Content-Type', 'application/octet-stream').set('Content-Disposition', `attachment; filename="${own}"`).send(await png(640, 480));
      const stored = up.body.data.name as string;
      await expect.poll(async () => (await app.request.get(`/api/service/file?filename=${stored}&explain=true`)).body.data.state, { timeout: 15_000 }).toBe('ready');
      return stored;
    };
    const name = await upload('wall tracking.png');
    await upload('holiday beach.png');

    // Each test signs in in its own browser context (a session is kept in local storage).
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport({ width: 1200, height: 900 });
    const captchas = watchCaptchas(page);
    await signInBeforeVisit(page, app, user);
    await page.goto(`${app.url}/player/${account.personaId}`);
    await seeText(page, 'Opening evidence: wall tracking on every map.');
    await page.locator('[contenteditable="true"]').click();
    await page.keyboard.type('The screenshot: ');
    await click(page, 'Image');
    await page.locator('dialog[open] ::-p-aria([name="My media"][role="tab"])').click();
    await page.waitForSelector('dialog[open] ::-p-aria([name="Choose holiday beach.png"][role="button"])');
    // The picker finds by name: the other picture goes.
    await page.locator('dialog[open] ::-p-aria([name="Search by name"])').fill('TRACKING');
    await page.waitForFunction(() => !document.querySelector('dialog[open] button[title="holiday beach.png"]'), { timeout: 10_000 });
    await click(page, 'Choose wall tracking.png');
    await page.waitForSelector(`[contenteditable="true"] img[src*="${name}"]`);

    await fill(page, 'Verification code', await captchas.answer());
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/player/reply') && r.request().method() === 'POST');
    await click(page, 'Post reply');
    const response = await posted;
    expect(response.status()).toBe(200);
    const sent = JSON.parse(response.request().postData() ?? '{}') as { data: { content: string } };
    expect(sent.data.content).toContain(`/api/service/file?filename=${name}`);
    await page.waitForSelector(`article img[src*="${name}"], [data-entry] img[src*="${name}"]`, { timeout: 10_000 });
  });

  it('a user inserts a picture from an address: one of another form is refused, one that does not load is said to, one that loads goes in with its description', async () => {
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { account } = await openCase(app, bot, { description: '<p>Opening evidence: aimbot on every map.</p>' });
    const user = await app.factories.createUser();
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport({ width: 1200, height: 900 });
    await signInBeforeVisit(page, app, user);
    await page.goto(`${app.url}/player/${account.personaId}`);
    await seeText(page, 'Opening evidence: aimbot on every map.');
    await page.locator('[contenteditable="true"]').click();
    await click(page, 'Image');
    const address = page.locator('dialog[open] ::-p-aria([name="Image address"])');
    const insert = () => page.locator('dialog[open] ::-p-aria([name="Insert"][role="button"])').click();

    await address.fill('ftp://files.example/a.png');
    await insert();
    await seeText(page, 'Use a full address starting with http:// or https://.');
    await address.fill(`${app.url}/no-such-picture.png`);
    await insert();
    await seeText(page, 'This picture does not load. Check the address.');
    await address.fill(`${app.url}/favicon.svg`);
    await page.locator('dialog[open] ::-p-aria([name="Description"])').fill('The site logo');
    await insert();
    await page.waitForSelector(`[contenteditable="true"] img[src="${app.url}/favicon.svg"][alt="The site logo"]`);
    expect(await page.$('dialog[open]')).toBeNull();
  });

  it('a video over 2 MiB goes through a big-file session in chunks, and can be paused and resumed', async () => {
    const user = await app.factories.createUser();
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport({ width: 1200, height: 900 });
    await signInBeforeVisit(page, app, user);
    await page.goto(`${app.url}/profile/media`);
    await seeText(page, 'No files yet');
    const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'), crypto.randomBytes(14 * 1024 * 1024 - 24)]);
    const file = path.join(dir, 'round.mp4');
    fs.writeFileSync(file, video);
    // A slow uplink, so there is time to pause.
    await page.emulateNetworkConditions({ download: -1, upload: 3 * 1024 * 1024, latency: 5, offline: false });
    const input = (await page.waitForSelector('[data-testid="media-file-input"]')) as ElementHandle<HTMLInputElement> | null;
    await input!.uploadFile(file);
    await page.waitForSelector('progress');
    await click(page, 'Pause');
    const received = async () => (await app.services.db.select().from(uploadSessions).where(eq(uploadSessions.userId, user.id)))[0]?.received ?? -1;
    await new Promise((r) => setTimeout(r, 1500));
    const paused = await received();
    expect(paused).toBeGreaterThanOrEqual(0);
    expect(paused).toBeLessThan(video.length);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await received()).toBe(paused);
    await page.emulateNetworkConditions({ download: -1, upload: -1, latency: 0, offline: false });
    await click(page, 'Resume');
    await seeText(page, 'round.mp4 is uploaded.', 30_000);
    const [row] = await app.services.db.select().from(files).where(eq(files.byUserId, user.id));
    expect(row).toMatchObject({ mimeType: 'video/mp4', size: video.length, state: 'ready', originalName: 'round.mp4' });
    const stored = (await storedBytes(app.services.storage, row!.name))!;
    expect(crypto.createHash('sha256').update(stored).digest('hex')).toBe(crypto.createHash('sha256').update(video).digest('hex'));
  });

  it('a big upload whose connection drops goes on by itself once the network is back, and the file is whole', async () => {
    const user = await app.factories.createUser();
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport({ width: 390, height: 844 });
    await signInBeforeVisit(page, app, user);
    await page.goto(`${app.url}/profile/media`);
    await seeText(page, 'No files yet');
    const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\x02\0isomiso2', 'latin1'), crypto.randomBytes(24 * 1024 * 1024 - 24)]);
    const file = path.join(dir, 'dropped.mp4');
    fs.writeFileSync(file, video);
    await page.emulateNetworkConditions({ download: -1, upload: 4 * 1024 * 1024, latency: 5, offline: false });
    const input = (await page.waitForSelector('[data-testid="media-file-input"]')) as ElementHandle<HTMLInputElement> | null;
    await input!.uploadFile(file);
    const received = async () => (await app.services.db.select().from(uploadSessions).where(eq(uploadSessions.userId, user.id)))[0]?.received ?? 0;
    await expect.poll(received, { timeout: 30_000, interval: 100 }).toBeGreaterThan(0);
    // The connection drops in the middle of the next chunk, for three seconds; nobody clicks anything.
    await page.emulateNetworkConditions({ download: -1, upload: -1, latency: 0, offline: true });
    await new Promise((r) => setTimeout(r, 3000));
    const whileOffline = await received();
    expect(whileOffline).toBeLessThan(video.length);
    await page.emulateNetworkConditions({ download: -1, upload: -1, latency: 0, offline: false });
    await seeText(page, 'dropped.mp4 is uploaded.', 60_000);
    const [row] = await app.services.db.select().from(files).where(eq(files.byUserId, user.id));
    const stored = (await storedBytes(app.services.storage, row!.name))!;
    expect(crypto.createHash('sha256').update(stored).digest('hex')).toBe(crypto.createHash('sha256').update(video).digest('hex'));
  });
});
