import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { createTestApp, type TestApp, type TestUser } from '@server/test/harness';
import { openCase } from '@server/test/cases';
import { png } from '@server/test/media';
import { launchBrowser, screenshot } from './support/browser';
import { seeTextIn, textOf } from './support/judgement';
import { click, fill, seeText } from './support/page';
import { signInBeforeVisit } from './support/session';

/**
 * The staff records: the logs filtered by action and by user, the staff activity chart, and the
 * media files with a deletion confirmed in a dialog, on a phone-width page.
 */
describe('staff records', () => {
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

  async function phonePage(user: TestUser): Promise<Page> {
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport({ width: 375, height: 800 });
    await signInBeforeVisit(page, app, user);
    return page;
  }

  it('a super filters the staff operations by action, finds a user’s sign-in, and sees the activity chart', async () => {
    const boss = await app.factories.signedIn({ privileges: ['super'] });
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const member = await app.factories.createUser();
    const warned = await app.request.post('/api/message').set('x-access-token', boss.token).send({ data: { type: 'warn', toUserId: member.id, content: '<p>Mind the rules, please.</p>' } });
    expect(warned.status).toBe(201);
    const granted = await app.request.post('/api/user/achievement/admin/add').set('x-access-token', boss.token).send({ userId: member.id, achievementId: 'old_user' });
    expect(granted.status).toBe(200);
    const { dbId } = await openCase(app, bot);
    const judged = await app.request.post('/api/player/judgement').set('x-access-token', boss.token).send({ data: { toPlayerId: dbId, action: 'discuss', content: '<p>Let us look at this one together.</p>' } });
    expect(judged.status).toBe(200);
    await app.factories.signIn(member);
    const idle = await app.factories.createUser({ privileges: ['admin'] });

    const page = await phonePage(boss.user);
    await page.goto(`${app.url}/admin`);
    await page.waitForSelector('[data-tool="adminLogs"] a', { timeout: 15_000 });
    await page.locator('[data-tool="adminLogs"] a').click();
    await page.waitForFunction(() => location.pathname === '/admin/logs', { timeout: 15_000 });
    const list = '[data-records="adminLog"]';
    await page.waitForSelector(`${list} [data-record]`, { timeout: 15_000 });
    expect(await page.$$eval(`${list} [data-record]`, (l) => l.length)).toBe(2);

    await fill(page, 'Action', 'sendMessage');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('action') === 'sendMessage', { timeout: 10_000 });
    await seeText(page, '1 record matches these filters.');
    const entry = await textOf(page, `${list} [data-record]`);
    expect(entry).toContain('sendMessage');
    expect(entry).toContain(boss.user.username);
    expect(entry).toContain(member.username);
    expect(entry).not.toContain('achievement.add');
    await screenshot(page, 'admin-logs-phone');

    await page.locator('[role="tab"][data-tab="users"]').click();
    const ops = '[data-records="userOperations"]';
    await page.waitForSelector(`${ops} [data-record]`, { timeout: 15_000 });
    await fill(page, 'User id', String(member.id));
    await page.keyboard.press('Enter');
    await page.waitForFunction((id) => new URLSearchParams(location.search).get('id') === id, { timeout: 10_000 }, String(member.id));
    await seeText(page, '1 record matches these filters.');
    await seeTextIn(page, `${ops} [data-record]`, 'Sign-in');
    await seeTextIn(page, `${ops} [data-record]`, member.username);
    // Super staff see no addresses.
    await seeTextIn(page, `${ops} [data-record]`, 'shown to root and dev only');

    await page.goto(`${app.url}/admin/statistics`);
    await page.waitForSelector('[data-stats-chart] .apexcharts-canvas', { timeout: 20_000 });
    await seeTextIn(page, '[data-stats-chart]', boss.user.username);
    await page.waitForSelector('[data-inactive-admins]', { timeout: 10_000 });
    await seeTextIn(page, '[data-inactive-admins]', idle.username);
    expect(await textOf(page, '[data-inactive-admins]')).not.toContain(boss.user.username);
    await screenshot(page, 'admin-statistics-phone');
  });

  it('root finds files by the name they were uploaded with, and deletes one after confirming', async () => {
    const owner = await app.factories.signedIn();
    const upload = async (own: string) => {
      const up = await app.request.put('/api/service/upload').set('x-access-token', owner.token).set('Content-Type', 'application/octet-stream').set('Content-Disposition', `attachment; filename="${own}"`).send(await png(120, 90));
      expect(up.status).toBe(201);
      return up.body.data.name as string;
    };
    const own = `Wallhack proof ${Date.now()}.png`;
    const name = await upload(own);
    const other = await upload('Holiday.png');
    const root = await app.factories.createUser({ privileges: ['root'] });

    const page = await phonePage(root);
    await page.goto(`${app.url}/admin/media`);
    const button = `[data-delete-file="${name}"]`;
    await page.waitForSelector(button, { timeout: 15_000 });
    await page.waitForSelector(`[data-delete-file="${other}"]`);
    // The name filter keeps the files whose own name contains the text, in any case.
    await fill(page, 'File name', own.toUpperCase().slice(0, -4));
    await click(page, 'Apply filters');
    await seeText(page, '1 record matches these filters.');
    expect(await page.$$eval('[data-record]', (els) => els.map((el) => el.getAttribute('data-record')))).toEqual([name]);
    await seeTextIn(page, `[data-record="${name}"]`, own);
    await seeTextIn(page, `[data-record="${name}"]`, `#${owner.user.id}`);
    await screenshot(page, 'admin-media-phone');
    await page.locator(button).click();
    await page.waitForSelector('dialog[open] [data-confirm-delete]', { timeout: 10_000 });
    await seeTextIn(page, 'dialog[open]', own);
    await page.locator('dialog[open] [data-confirm-delete]').click();
    await seeText(page, 'The file was deleted.');
    await page.waitForFunction((s) => !document.querySelector(s), { timeout: 10_000 }, button);
    const gone = await app.request.get(`/api/service/file?filename=${name}&explain=true`);
    expect(gone.status).toBe(404);
  });
});
