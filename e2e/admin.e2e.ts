import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { createTestApp, type TestApp, type TestUser } from '@server/test/harness';
import { openCase, report } from '@server/test/cases';
import { launchBrowser, screenshot, watchCaptchas } from './support/browser';
import { seeTextIn, textOf } from './support/judgement';
import { fill, seeText } from './support/page';
import { signInThroughPage } from './support/session';

/**
 * The staff area: the tools page reached from the phone drawer, the judgement log filtered by
 * the admin's own name, the appeals queue with an owner's appeal waiting, and the guard that
 * sends everyone else away.
 */
describe('staff area', () => {
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

  /** A phone-sized page of its own browser context (own cookies), signed in through the sign-in page. */
  async function phonePage(user: TestUser): Promise<Page> {
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport({ width: 360, height: 800 });
    await signInThroughPage(page, app, user, watchCaptchas(page));
    return page;
  }

  const judge = (token: string, toPlayerId: number, action: string, content: string) =>
    app.request.post('/api/player/judgement').set('x-access-token', token).send({ data: { toPlayerId, action, content } });

  const wait = (page: Page, path: string) => page.waitForFunction((p) => location.pathname === p, { timeout: 15_000 }, path);

  it('an admin finds their verdict in the judgement log by their name, and the owner’s appeal waiting in the queue', async () => {
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const admin = await app.factories.signedIn({ privileges: ['admin'] });
    const other = await app.factories.signedIn({ privileges: ['admin'] });

    // The owner's case: the admin asks for self-certification (status 2), the owner appeals (farm, no archive).
    const owner = await app.factories.createUser();
    const reported = await report(app, bot, owner.account!, { description: '<p>Unlocks every camo in a day.</p>' });
    expect(reported.status).toBe(200);
    const caseId = reported.body.data.dbId as number;
    const verdict = `Suspect: show us a MOSS recording of case ${caseId}.`;
    expect((await judge(admin.token, caseId, 'suspect', `<p>${verdict}</p>`)).status).toBe(200);

    // Another admin's verdict on another case, which the name filter leaves out; one case stays open.
    const elsewhere = await openCase(app, bot);
    expect((await judge(other.token, elsewhere.dbId, 'discuss', '<p>Let us talk this one over first.</p>')).status).toBe(200);
    await openCase(app, bot);
    // ... hidden by staff: the log still lists it, marked.
    const log = await app.request.post('/api/admin/judgementLog').set('x-access-token', admin.token).send({ dbId: elsewhere.dbId });
    expect(log.status).toBe(200);
    const hiddenId = log.body.data[0].id as number;
    expect((await app.request.post('/api/player/unReply').set('x-access-token', admin.token).send({ data: { id: hiddenId, valid: false } })).status).toBe(200);

    const ownerToken = await app.factories.signIn(owner);
    const filed = await app.request
      .post('/api/player/banAppeal')
      .set('x-access-token', ownerToken)
      .send({ data: { toPlayerId: caseId, appealType: 'farm', content: '<p>I was farming camos with a squad of friends.</p>', extendedLinks: { videoLink: 'https://www.youtube.com/watch?v=farm' } } });
    expect(filed.status).toBe(201);

    const page = await phonePage(admin.user);
    // The drawer's account group leads to the staff tools.
    await page.locator('::-p-aria([name="Open menu"][role="button"])').click();
    await page.locator('[role="dialog"] ::-p-aria([name="Admin console"][role="link"])').click();
    await wait(page, '/admin');
    await seeText(page, 'Staff tools');
    await seeTextIn(page, '[data-tool="openCases"]', '1 open case');
    await seeTextIn(page, '[data-tool="adminAppeals"]', '1 case under appeal');
    expect(await page.$eval('[data-tool="adminMessages"] a', (a) => a.getAttribute('href'))).toBe('/admin/messages');
    await screenshot(page, 'admin-home-phone');

    // The judgement log: both verdicts, then only the admin's, the name typed and sent with Enter.
    await page.locator('::-p-aria([name="Judgement log"][role="link"])').click();
    await wait(page, '/admin/judgementLog');
    await page.waitForSelector('#judgement-log [data-log-entry]', { timeout: 15_000 });
    const hidden = `#judgement-log [data-log-entry="${hiddenId}"]`;
    await seeTextIn(page, hidden, 'Let us talk this one over first.');
    await seeTextIn(page, hidden, 'Hidden');
    expect(await textOf(page, '#judgement-log [data-log-entry]:not([data-log-entry="' + hiddenId + '"])')).not.toContain('Hidden');
    await fill(page, 'Admin name', admin.user.username);
    await page.keyboard.press('Enter');
    await page.waitForFunction((name) => new URLSearchParams(location.search).get('user') === name, { timeout: 10_000 }, admin.user.username);
    await page.waitForFunction(() => document.querySelectorAll('#judgement-log [data-log-entry]').length === 1, { timeout: 10_000 });
    const entry = '#judgement-log [data-log-entry]';
    const text = await textOf(page, entry);
    expect(text).toContain(verdict);
    expect(text).toContain('Suspect');
    expect(text).toContain(admin.user.username);
    expect(text).toContain(owner.account!.name);
    expect(text).not.toContain('Let us talk this one over first.');
    await seeText(page, '1 verdict matches these filters.');
    const casePath = `/player/${owner.account!.personaId}`;
    expect(await page.$eval(`${entry} a[data-case-link]`, (a) => a.getAttribute('href'))).toBe(casePath);
    expect(await page.$$eval(`${entry} a[href^="/space/"]`, (list) => list.map((a) => a.getAttribute('href')))).toContain(`/space/${admin.user.id}`);
    await screenshot(page, 'admin-judgement-log-phone');
    await page.locator(`${entry} a[data-case-link]`).click();
    await wait(page, casePath);

    // The appeals queue: the owner's appeal, waiting for review, leads to its entry on the case page.
    await page.goto(`${app.url}/admin/appeals`);
    const appeal = `#appeals [data-case="${caseId}"]`;
    await page.waitForSelector(appeal, { timeout: 15_000 });
    expect(await page.$eval(appeal, (el) => el.getAttribute('data-state'))).toBe('unprocessed');
    await seeTextIn(page, appeal, 'Waiting for review');
    await seeTextIn(page, appeal, owner.account!.name);
    await seeTextIn(page, appeal, 'Weapon farming');
    await seeTextIn(page, appeal, owner.username);
    await seeTextIn(page, appeal, 'No staff yet');
    await seeText(page, '1 appeal waits for review.');
    const appealId = filed.body.data.id as number;
    expect(await page.$eval(appeal, (el) => el.getAttribute('data-appeal'))).toBe(String(appealId));
    const review = await page.$eval(`${appeal} ::-p-aria([name="Review on the case page"][role="link"])`, (a) => a.getAttribute('href'));
    expect(review).toBe(`${casePath}#floor-${appealId}`);
    await screenshot(page, 'admin-appeals-phone');

    // Another admin opens the appeal: after a refresh the queue names them among its viewers.
    const viewed = await app.request.post('/api/player/viewBanAppeal').set('x-access-token', other.token).send({ data: { id: appealId } });
    expect(viewed.status).toBe(200);
    await page.locator('::-p-aria([name="Refresh"][role="button"])').click();
    await seeTextIn(page, appeal, other.user.username);

    // Every appeal: the same one; the filter is in the URL.
    await page.locator('::-p-aria([name="All appeals"][role="radio"])').click();
    await page.waitForFunction(() => new URLSearchParams(location.search).get('show') === 'all', { timeout: 10_000 });
    await page.waitForSelector(appeal, { timeout: 15_000 });
    await seeText(page, '1 appeal in all.');

    // On a wide screen the log reads the same; a case number from an entry filters it by link.
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${app.url}/admin/judgementLog`);
    await page.waitForSelector(`#judgement-log [data-log-entry="${hiddenId}"]`, { timeout: 15_000 });
    await page.locator(`#judgement-log [data-log-entry="${hiddenId}"] ::-p-aria([name="Only this case"][role="link"])`).click();
    await page.waitForFunction((id) => new URLSearchParams(location.search).get('case') === String(id), { timeout: 10_000 }, elsewhere.dbId);
    await page.waitForFunction(() => document.querySelectorAll('#judgement-log [data-log-entry]').length === 1, { timeout: 10_000 });
    expect(await page.$eval('::-p-aria([name="Case number"][role="textbox"])', (el) => (el as HTMLInputElement).value)).toBe(String(elsewhere.dbId));
    await screenshot(page, 'admin-judgement-log');
  });

  it('sends a member who is not staff away from the staff area', async () => {
    const member = await app.factories.createUser();
    const page = await phonePage(member);
    await page.goto(`${app.url}/admin`);
    await wait(page, '/profile/information');
    await page.goto(`${app.url}/admin/judgementLog`);
    await wait(page, '/profile/information');
    // ... and offers no way there.
    await page.locator('::-p-aria([name="Open menu"][role="button"])').click();
    await page.waitForSelector('[role="dialog"]');
    expect(await page.$('[role="dialog"] a[href="/admin"]')).toBeNull();
  });

  it("sends staff to the staff home naming the role a page is for, and shows each role only its own tools", async () => {
    const superUser = await app.factories.createUser({ privileges: ['super'] });
    const page = await phonePage(superUser);
    for (const path of ['/admin/verifications', '/admin/media']) {
      await page.goto(`${app.url}${path}`);
      await wait(page, '/admin');
      await seeText(page, 'That page is not among your tools');
      await seeText(page, `${path} is for accounts with the role Root or Developer.`);
    }
    expect(await page.$('[data-tool="adminVerifications"]')).toBeNull();
    expect(await page.$('[data-tool="adminChatLog"]')).not.toBeNull();

    const admin = await app.factories.createUser({ privileges: ['admin'] });
    const adminPage = await phonePage(admin);
    for (const path of ['/admin/users', '/admin/comments', '/admin/logs']) {
      await adminPage.goto(`${app.url}${path}`);
      await adminPage.waitForSelector('h1', { timeout: 15_000 });
      expect(new URL(adminPage.url()).pathname).toBe(path);
      expect(await adminPage.evaluate(() => document.body.innerText)).not.toContain('You are not allowed to do this');
    }
    await adminPage.goto(`${app.url}/admin`);
    await seeText(adminPage, 'Staff tools');
    expect(await adminPage.$('[data-tool="adminUsers"]')).not.toBeNull();
    expect(await adminPage.$('[data-tool="adminBlocked"]')).toBeNull();
    expect(await adminPage.$('[data-tool="adminHomeManagement"]')).toBeNull();
  });

  it('sends a signed-out visitor of any staff path to sign in, coming back to that whole path', async () => {
    const page = await (await browser.createBrowserContext()).newPage();
    await page.goto(`${app.url}/admin/user?id=7`);
    await page.waitForFunction(() => location.pathname === '/signin', { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get('backurl')).toBe('/admin/user?id=7');
  });
});
