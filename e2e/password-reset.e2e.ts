import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { createTestApp, unique, type TestApp } from '@server/test/harness';
import { launchBrowser, onServer, watchCaptchas } from './support/browser';
import { click, fill, seeText } from './support/page';

/**
 * Forgot password on a phone-sized screen: the page never says whether the name and e-mail
 * matched an account (the server answers alike), yet a real account gets its link and resets.
 */
describe('password reset', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true' } });
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.setViewport({ width: 360, height: 740 });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function ask(captchas: ReturnType<typeof watchCaptchas>, username: string, email: string) {
    await page.goto(`${app.url}/forgetPassword`);
    await fill(page, 'Username', username);
    await fill(page, 'Game account e-mail', email);
    await click(page, 'Next');
    await fill(page, 'Verification code', await captchas.answer());
    await click(page, 'Send reset link');
    await seeText(page, `If the username and ${email} belong to one account, a reset link is on its way`);
  }

  it('answers alike for an unknown account and a real one; the real one gets the link and resets', async () => {
    const captchas = watchCaptchas(page);
    await ask(captchas, unique('ghost'), 'nobody-here@players.example');
    expect(app.mail.to('nobody-here@players.example')).toHaveLength(0);

    const user = await app.factories.createUser();
    await ask(captchas, user.username, user.email!);
    const mail = await app.mail.waitFor(user.email!);
    await page.goto(onServer(app.mail.linkIn(mail), app.url));
    const fields = page.locator('input[autocomplete="new-password"]');
    await fields.fill('a-fresh-password-8');
    await fill(page, 'Repeat password', 'a-fresh-password-8');
    await click(page, 'Set new password');
    await seeText(page, 'Your password is changed');
    await expect(app.factories.signIn({ username: user.username, password: 'a-fresh-password-8' })).resolves.toEqual(expect.any(String));
  });
});
