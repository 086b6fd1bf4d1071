import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { createTestApp, type TestApp, type TestUser } from '@server/test/harness';
import { openCase } from '@server/test/cases';
import { launchBrowser, screenshot, watchCaptchas } from './support/browser';
import { click, fill, seeText } from './support/page';
import { signInBeforeVisit } from './support/session';

/**
 * User management: a super finds a member and mutes them for 10 minutes; the member, on a case
 * page in another browser, is told at once and their reply is refused with the mute's end; the
 * muted list shows them, and unmuting there frees them again.
 */
describe('admin users and mutes', () => {
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

  async function signedInPage(user: TestUser, width: number) {
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport({ width, height: 900 });
    const captchas = watchCaptchas(page);
    await signInBeforeVisit(page, app, user);
    return { page, captchas };
  }

  it('a super mutes a member for 10 minutes; the member sees the refusal live; the muted list shows and unmutes them', async () => {
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { account } = await openCase(app, bot, { description: '<p>Opening evidence: aimbot snaps.</p>' });
    const boss = await app.factories.createUser({ privileges: ['super'] });
    const member = await app.factories.createUser();

    // The member reads the case on a phone.
    const { page: phone, captchas } = await signedInPage(member, 375);
    await phone.goto(`${app.url}/player/${account.personaId}`);
    await seeText(phone, 'Opening evidence: aimbot snaps.');

    // The super finds them by name and mutes them.
    const { page: admin } = await signedInPage(boss, 1280);
    await admin.goto(`${app.url}/admin`);
    await admin.locator('[data-tool="adminUsers"] a').click();
    await seeText(admin, 'Find an account, then manage it.');
    await fill(admin, 'Search for', member.username);
    await click(admin, 'Search');
    await admin.locator(`::-p-aria([name="${member.username}"][role="button"])`).click();
    await admin.waitForSelector(`[data-user-detail="${member.id}"]`);
    await fill(admin, 'Warning message (optional)', 'Stop flooding the case pages.');
    const muted = admin.waitForResponse((r) => r.url().endsWith('/api/admin/muteUser') && r.request().method() === 'POST');
    await admin.locator(`[data-user-detail="${member.id}"] ::-p-aria([name="Mute"][role="button"])`).click();
    const res = await muted;
    expect(res.status()).toBe(200);
    const until = ((await res.json()) as { data: { mutedUntil: string } }).data.mutedUntil;
    expect(Math.abs(new Date(until).getTime() - Date.now() - 10 * 60_000)).toBeLessThan(15_000);
    await seeText(admin, 'The user is muted.');
    // The same screen at phone width: nothing wider than the viewport.
    await admin.setViewport({ width: 375, height: 900 });
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(admin, 'admin-users-detail-phone');
    await admin.setViewport({ width: 1280, height: 900 });

    // The member is told without reloading, and a reply is refused with the mute's end.
    await phone.waitForSelector(`[data-muted-until="${until}"]`, { timeout: 10_000 });
    await seeText(phone, 'You are muted until');
    await phone.locator('[contenteditable="true"]').click();
    await phone.keyboard.type('Let me post anyway.');
    await fill(phone, 'Verification code', await captchas.answer());
    const refused = phone.waitForResponse((r) => r.url().endsWith('/api/player/reply') && r.request().method() === 'POST');
    // The notice of the mute (a toast) may cover the button at phone width: send by keyboard from the code field.
    await phone.keyboard.press('Enter');
    // The original's code for it, which old clients translate; the message tells until when.
    const answer = await refused;
    expect(answer.status()).toBe(400);
    expect(((await answer.json()) as { code: string }).code).toBe('reply.bad');
    // The refusal is a toast (client/components/ToastRegion.tsx).
    await phone.waitForFunction(() => (document.querySelector('[role="region"][aria-label^="Notifications"]') as HTMLElement | null)?.innerText.includes('You are muted until'), { timeout: 10_000 });
    await screenshot(phone, 'admin-users-muted-phone');

    // The muted list shows them with the time left; unmuting frees them, live.
    await admin.goto(`${app.url}/admin/muted`);
    await admin.waitForSelector(`#muted-users [data-user="${member.id}"] [data-muted-until="${until}"]`);
    await screenshot(admin, 'admin-muted-list');
    await admin.locator(`#muted-users [data-user="${member.id}"] ::-p-aria([name="Unmute"][role="button"])`).click();
    await seeText(admin, 'Nobody is muted.');
    await phone.waitForSelector('[data-muted-until]', { hidden: true, timeout: 10_000 });
    expect((await app.factories.userRow(member.id)).attr.mute).toBeUndefined();
  });

  it("a super edits a member's introduction in the rich-text editor: it shows as text, not HTML, and keeps its formatting", async () => {
    const member = await app.factories.createUser({ attr: { introduction: '<p>Plays <strong>medic</strong> on <a href="https://example.org/squad" rel="noopener noreferrer nofollow">our squad</a>.</p>' } });
    const boss = await app.factories.createUser({ privileges: ['super'] });
    const { page } = await signedInPage(boss, 1280);
    await page.goto(`${app.url}/admin/users`);
    await fill(page, 'Search for', member.username);
    await click(page, 'Search');
    await page.locator(`::-p-aria([name="${member.username}"][role="button"])`).click();
    const detail = `[data-user-detail="${member.id}"]`;
    const editor = `${detail} [contenteditable="true"]`;
    await page.waitForSelector(editor);
    expect(await page.$eval(editor, (el) => (el as HTMLElement).innerText.trim())).toBe('Plays medic on our squad.');
    expect(await page.$eval(editor, (el) => el.querySelector('strong, b')?.textContent)).toBe('medic');
    expect(await page.$$(`${detail} textarea`)).toHaveLength(1); // only the mute's warning

    await page.click(editor);
    await page.keyboard.down('Control');
    await page.keyboard.press('End');
    await page.keyboard.up('Control');
    await page.keyboard.type(' Ask me about revives.');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/setUserAttr') && r.request().method() === 'POST');
    await page.locator(`${detail} ::-p-aria([name="Save changes"][role="button"])`).click();
    expect((await saved).status()).toBe(200);
    const intro = (await app.factories.userRow(member.id)).attr.introduction as string;
    expect(intro).toContain('Ask me about revives.');
    expect(intro).toMatch(/<(strong|b)[^>]*>medic<\/(strong|b)>/);
    expect(intro).toContain('href="https://example.org/squad"');
    expect(intro).not.toContain('&lt;p&gt;');
  });
});
