import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { createTestApp, type TestApp } from '@server/test/harness';
import { openCase } from '@server/test/cases';
import { launchBrowser, screenshot, watchCaptchas } from './support/browser';
import { click, fill, seeText } from './support/page';
import { signInBeforeVisit } from './support/session';

/** The editor's emote and contracted-syntax dialogs, through a posted reply to what readers see. */
describe('rich text on the case page', () => {
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

  it('posts a reply with an emote and a privilege token and shows them rendered', async () => {
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { account } = await openCase(app, bot, { description: '<p>Opening evidence: aim snapping through smoke.</p>' });
    // The contracted-syntax button is for staff (admin level 1): a member's editor has none.
    const member = await app.factories.createUser();
    const memberPage = await browser.newPage();
    await signInBeforeVisit(memberPage, app, member);
    await memberPage.goto(`${app.url}/player/${account.personaId}`);
    await memberPage.waitForSelector('[role="toolbar"] [aria-label="Emote"]', { timeout: 15_000 });
    expect(await memberPage.$('[role="toolbar"] [aria-label="Contracted syntax"]')).toBeNull();
    await memberPage.close();

    // A dev (admin level 1) has the button and, not judging, no judgement editor above the reply.
    const user = await app.factories.createUser({ privileges: ['dev'] });
    const page = await browser.newPage();
    await page.setViewport({ width: 390, height: 844 });
    const captchas = watchCaptchas(page);
    await signInBeforeVisit(page, app, user);
    await page.goto(`${app.url}/player/${account.personaId}`);
    await seeText(page, 'Opening evidence: aim snapping through smoke.');

    await page.locator('[contenteditable="true"]').click();
    await page.keyboard.type('Ask a ');
    await click(page, 'Contracted syntax');
    await fill(page, 'Type', 'privilege');
    await fill(page, 'Value', 'volunteer');
    await seeText(page, 'Readers will see');
    await screenshot(page, 'rich-text-contracted-dialog');
    await click(page, 'Insert');
    // The chip is in, and the caret back in the editor after it.
    await seeText(page, 'Privilege: volunteer');
    await page.waitForFunction(() => document.activeElement?.getAttribute('contenteditable') === 'true');
    await page.keyboard.type(' about this one ');
    await click(page, 'Emote');
    await click(page, 'Doge');
    // The editor shows the emote it will send.
    await page.waitForSelector('[contenteditable="true"] img[src="/emotes/face/doge.svg"]');

    await fill(page, 'Verification code', await captchas.answer());
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/player/reply') && r.request().method() === 'POST');
    await click(page, 'Post reply');
    const response = await posted;
    expect(response.status()).toBe(200);
    const sent = JSON.parse(response.request().postData() ?? '{}') as { data: { content: string } };
    // Typing goes on after each insertion, at the caret.
    expect(sent.data.content).toBe('<p>Ask a <span data-cs-type="privilege" data-cs-value="volunteer">{privilege:volunteer}</span> about this one <span data-emote="face|doge">[face|doge]</span></p>');

    // A fresh load shows the stored reply as readers see it.
    await page.goto(`${app.url}/player/${account.personaId}`);
    await seeText(page, 'about this one');
    const emote = await page.waitForSelector('article img[src="/emotes/face/doge.svg"]');
    await page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, { timeout: 10_000 }, emote);
    expect(await emote!.evaluate((img) => (img as HTMLImageElement).alt)).toBe('Doge');
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).toMatch(/Ask a\s*Volunteer\s*about this one/);
    expect(text).not.toContain('{privilege:');
    expect(text).not.toContain('[face|doge]');
    await screenshot(page, 'rich-text-reply');
  });
});
