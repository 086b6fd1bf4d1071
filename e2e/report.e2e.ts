import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { eq } from 'drizzle-orm';
import { players } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { launchBrowser, screenshot, watchCaptchas } from './support/browser';
import { click, fill, seeText } from './support/page';
import { signInBeforeVisit } from './support/session';

/** Reporting a player end to end: the form, the rich-text editor, the captcha, the new case page. */
describe('report a player', () => {
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

  it('files a report with a video link and a formatted description, and lands on the case', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const captchas = watchCaptchas(page);
    const reporter = await app.factories.createUser();
    const target = app.directory.freshAccount();
    await signInBeforeVisit(page, app, reporter);

    await page.goto(`${app.url}/report`);
    await page.locator('::-p-aria([name="Game"][role="combobox"])').fill('bfv');
    await fill(page, 'Game ID', target.name);
    await page.locator('::-p-aria([name="Wallhack"][role="checkbox"])').click();
    await fill(page, 'Video link 1', 'https://www.youtube.com/watch?v=e2e-evidence');
    // The editor: bold text through the toolbar, then plain text.
    await page.locator('[contenteditable="true"]').click();
    await page.locator('::-p-aria([name="Bold (Ctrl+B)"][role="button"])').click();
    await page.keyboard.type('Spotted through smoke');
    await page.locator('::-p-aria([name="Bold (Ctrl+B)"][role="button"])').click();
    await page.keyboard.type(' on Operation Metro at 12:40.');
    await fill(page, 'Verification code', await captchas.answer());
    await click(page, 'Send report');

    await page.waitForFunction((id) => location.pathname.startsWith(`/player/${id}`), { timeout: 15_000 }, target.personaId);
    await seeText(page, 'Spotted through smoke on Operation Metro at 12:40.');
    await screenshot(page, 'report-case');

    const [row] = await app.services.db.select().from(players).where(eq(players.originUserId, target.userId));
    expect(row).toMatchObject({ games: ['bfv'], status: 0 });
    const tl = await app.request.get(`/api/player/timeline?dbId=${row!.id}`);
    expect(tl.body.data.result[0]).toMatchObject({ type: 'report', byUserId: reporter.id, cheatMethods: ['wallhack'], videoLink: 'https://www.youtube.com/watch?v=e2e-evidence' });
    expect(tl.body.data.result[0].content.text).toMatch(/<(b|strong)>Spotted through smoke<\/(b|strong)>/);
  });

  it('on a phone, a refusal far above the button takes the focus and the screen to its field', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 375, height: 740 });
    const captchas = watchCaptchas(page);
    await signInBeforeVisit(page, app, await app.factories.createUser());
    await page.goto(`${app.url}/report`);
    await fill(page, 'Game ID', 'NoSuchPlayerAnywhere');
    await page.locator('::-p-aria([name="Aimbot"][role="checkbox"])').click();
    await fill(page, 'Video link 1', 'https://www.youtube.com/watch?v=e2e-unknown');
    await page.locator('[contenteditable="true"]').click();
    await page.keyboard.type('Locked on through walls all round.');
    await fill(page, 'Verification code', await captchas.answer());
    await click(page, 'Send report');

    // The platform knows no such account: the answer is the Game ID field's, at the top of the form.
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true', { timeout: 15_000 });
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement;
      const box = el.getBoundingClientRect();
      return { label: el.labels?.[0]?.textContent ?? '', top: box.top, bottom: box.bottom, screen: innerHeight };
    });
    expect(focused.label).toContain('Game ID');
    expect(focused.top).toBeGreaterThanOrEqual(0);
    expect(focused.bottom).toBeLessThanOrEqual(focused.screen);
    await screenshot(page, 'report-unknown-id-phone');
  });
});
