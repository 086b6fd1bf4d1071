import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { createTestApp, type TestApp, type TestUser } from '@server/test/harness';
import { openCase, report } from '@server/test/cases';
import { launchBrowser, screenshot } from './support/browser';
import { giveVerdict, seeTextIn, textOf } from './support/judgement';
import { zipOf } from './support/zip';
import { click, fill, seeText } from './support/page';
import { signInBeforeVisit } from './support/session';

const STATUS = '#case-name + div';
const STAFF = '#staff-presence';

/**
 * Two admins judge one case together, live: each sees the other on the page, the first vote and
 * the tally reach the second at once, and the second vote confirms the case before a visitor's
 * eyes, without a reload.
 */
describe('judging together', () => {
  let app: TestApp;
  let browsers: Browser[] = [];

  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true' } });
    browsers = await Promise.all([launchBrowser(), launchBrowser(), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all(browsers.map((b) => b.close()));
    await app?.close();
  });

  /** A page of its own browser context: its own cookies, so each test signs in afresh. */
  const freshPage = async (browser: Browser) => (await browser.createBrowserContext()).newPage();

  async function staffPage(browser: Browser, user: TestUser, path: string): Promise<Page> {
    const page = await freshPage(browser);
    await page.setViewport({ width: 1280, height: 900 });
    await signInBeforeVisit(page, app, user);
    await page.goto(`${app.url}${path}`);
    await seeText(page, 'Judge this case');
    return page;
  }

  it('shows each other, the votes and the tally live, and the confirmation to a visitor', async () => {
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { account } = await openCase(app, bot, { description: '<p>Headshots through smoke, every round.</p>' });
    const [superAdmin, admin] = await Promise.all([app.factories.createUser({ privileges: ['super'] }), app.factories.createUser({ privileges: ['admin'] })]);
    const path = `/player/${account.personaId}`;

    const a = await staffPage(browsers[0]!, superAdmin, path);
    const b = await staffPage(browsers[1]!, admin, path);

    // Presence: each admin sees the other (`case:viewers`).
    await seeTextIn(a, STAFF, admin.username);
    await seeTextIn(b, STAFF, superAdmin.username);
    expect(await textOf(a, STAFF)).not.toContain(superAdmin.username);

    // Kill is offered to the super admin only.
    const options = (page: Page) => page.$$eval('#judgement select option', (list) => list.map((o) => (o as HTMLOptionElement).value));
    expect(await options(a)).toContain('kill');
    expect(await options(b)).not.toContain('kill');

    const visitor = await freshPage(browsers[2]!);
    await visitor.setViewport({ width: 360, height: 800 });
    await visitor.goto(`${app.url}${path}`);
    await seeText(visitor, 'Headshots through smoke, every round.');
    await seeTextIn(visitor, STATUS, 'Unprocessed');
    await visitor.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));
    // Visitors get no staff panel and no judgement form.
    expect(await visitor.$(STAFF)).toBeNull();
    expect(await visitor.$('#judgement')).toBeNull();

    // A votes guilt: the case waits for a second vote (status 6).
    const first = await giveVerdict(a, { action: 'guilt', methods: ['Aimbot', 'Wallhack'], reasoning: 'Locks onto heads through smoke at 02:13 and 05:40.' });
    expect(first.status()).toBe(200);
    expect((await first.json()).data.nextstate).toBe(6);
    // The form is cleared for the next verdict.
    await a.waitForFunction(() => (document.querySelector('#judgement select') as HTMLSelectElement).value === '');

    // B sees the vote on the timeline and the tally, live.
    await seeText(b, 'Locks onto heads through smoke at 02:13 and 05:40.', 5_000);
    await seeTextIn(b, STAFF, '1 of 2 votes to confirm', 5_000);
    await seeTextIn(b, STAFF, superAdmin.username);
    await seeTextIn(b, STATUS, 'Needs more votes', 5_000);
    await seeTextIn(visitor, STATUS, 'Needs more votes', 5_000);
    // The vote reads as a verdict with its methods.
    const vote = await b.$$eval('article', (list) => list.map((e) => (e as HTMLElement).innerText).find((text) => text.includes('Locks onto heads')) ?? '');
    expect(vote).toContain('Cheater (vote)');
    expect(vote).toContain('Aimbot');
    expect(vote).toContain('Wallhack');
    await screenshot(b, 'judgement-second-admin');

    // B votes guilt too: two admins in a row confirm the case (status 1).
    const second = await giveVerdict(b, { action: 'guilt', methods: ['Aimbot'], reasoning: 'Agreed: the same lock-on in the second video.' });
    expect(second.status()).toBe(200);
    expect((await second.json()).data.nextstate).toBe(1);

    await seeTextIn(visitor, STATUS, 'Confirmed cheater', 5_000);
    await seeText(visitor, 'Agreed: the same lock-on in the second video.', 5_000);
    expect(await visitor.evaluate(() => (window as unknown as { untouched?: boolean }).untouched)).toBe(true);
    await seeTextIn(a, STATUS, 'Confirmed cheater', 5_000);
    // The tally is for cases waiting for votes only.
    expect(await textOf(a, STAFF)).not.toContain('votes to confirm');
    await screenshot(visitor, 'judgement-visitor-phone');
  });

  it('takes an appeal with its MOSS archive from the owner; staff see it live, review, lock and refuse it', async () => {
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const owner = await app.factories.createUser();
    const res = await report(app, bot, owner.account!, { description: '<p>Never misses, even blind.</p>' });
    expect(res.status).toBe(200);
    const caseId = res.body.data.dbId as number;
    const { token: superToken } = await app.factories.signedIn({ privileges: ['super'] });
    const judged = await app.request
      .post('/api/player/judgement')
      .set('x-access-token', superToken)
      .send({ data: { toPlayerId: caseId, action: 'suspect', content: '<p>Please prove it with a MOSS recording.</p>' } });
    expect(judged.status).toBe(200);
    const casePath = `/player/${owner.account!.personaId}`;

    const admin = await app.factories.createUser({ privileges: ['admin'] });
    const staff = await staffPage(browsers[0]!, admin, casePath);

    const page = await freshPage(browsers[1]!);
    await page.setViewport({ width: 360, height: 800 });
    await signInBeforeVisit(page, app, owner);
    await page.goto(`${app.url}${casePath}`);
    await seeTextIn(page, STATUS, 'Suspect');
    await click(page, 'Appeal this verdict', 'link');
    await seeText(page, 'Kind of appeal');

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-moss-'));
    const file = (name: string, body: Buffer | string) => {
      fs.writeFileSync(path.join(dir, name), body);
      return path.join(dir, name);
    };
    const chooser = async (at: string) => (await page.waitForSelector('input[type="file"]'))!.uploadFile(at);
    // Sending without the archive is refused at once.
    await page.locator('[contenteditable="true"]').click();
    await page.keyboard.type('I play with a high sensitivity; the MOSS log shows no injected module.');
    await click(page, 'Send appeal');
    await seeText(page, 'Upload your MOSS archive first.');
    await chooser(file('fake.zip', 'this is only text pretending to be a zip'));
    await seeText(page, 'Not a valid zip archive: upload the zip that MOSS made.');
    await chooser(file('nolog.zip', zipOf({ 'readme.txt': 'no log here' })));
    await seeText(page, 'Not a valid zip archive: it must contain Logfile.log.');
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/service/upload') && r.request().method() === 'PUT');
    await chooser(file('moss.zip', zipOf({ 'MOSS/Logfile.log': 'MOSS 1.0 session log', 'screen.txt': 'x' })));
    expect((await uploaded).status()).toBe(201);
    await seeText(page, 'Archive uploaded');
    await screenshot(page, 'appeal-form-phone');
    await fill(page, 'First-person recording', 'https://www.youtube.com/watch?v=fullround');
    const filed = page.waitForResponse((r) => r.url().endsWith('/api/player/banAppeal'));
    await click(page, 'Send appeal');
    expect((await filed).status()).toBe(201);
    await page.waitForFunction((p) => location.pathname === p, { timeout: 10_000 }, casePath);
    await seeTextIn(page, STATUS, 'Under appeal');
    await screenshot(page, 'appeal-owner-phone');

    // Staff see the appeal arrive live, with its state and archive, and review it.
    const entry = 'article:has(a[href*="fullround"])';
    await staff.waitForSelector(entry, { timeout: 5_000 });
    await seeTextIn(staff, entry, 'Waiting for review');
    await seeTextIn(staff, STATUS, 'Under appeal');
    // ... and every staff member gets the new-appeal notice as a toast.
    await seeText(staff, `New appeal on ${owner.account!.name}`);
    await staff.waitForSelector(`${entry} ::-p-aria([name="Download the MOSS archive"][role="button"])`, { timeout: 5_000 });
    const download = staff.waitForResponse((r) => r.url().includes('/api/service/file?filename='));
    await staff.locator(`${entry} ::-p-aria([name="Download the MOSS archive"][role="button"])`).click();
    expect((await download).status()).toBe(200);

    await staff.locator(`${entry} ::-p-aria([name="Mark viewed"][role="button"])`).click();
    await seeTextIn(staff, entry, 'Viewed by');
    await seeTextIn(staff, entry, admin.username);
    await staff.locator(`${entry} ::-p-aria([name="Lock"][role="button"])`).click();
    await seeTextIn(staff, entry, 'Locked');
    await seeTextIn(page, entry, 'Locked', 5_000);
    await staff.locator(`${entry} ::-p-aria([name="Unlock"][role="button"])`).click();
    await seeTextIn(page, entry, 'Waiting for review', 5_000);

    await staff.locator(`${entry} ::-p-aria([name="Refuse appeal"][role="button"])`).click();
    await staff.locator('dialog[open] ::-p-aria([name="Refuse appeal"][role="button"])').click();
    await seeTextIn(page, entry, 'Refused', 5_000);
    await seeTextIn(page, STATUS, 'Suspect', 5_000);
    // The staff page hears of the refusal as the owner's does, not before: wait for its button to go off.
    const refuseButton = `${entry} button[class*="danger"]`;
    await staff.waitForFunction((sel) => (document.querySelector(sel) as HTMLButtonElement | null)?.disabled === true, { timeout: 5_000 }, refuseButton);
    await screenshot(staff, 'appeal-staff');
  });
});
