import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { createTestApp, unique, type TestApp } from '@server/test/harness';
import { launchBrowser, onServer, screenshot, watchCaptchas } from './support/browser';
import { click, fill, seeText } from './support/page';

/**
 * A newcomer's first visit, in a real browser against the real server: sign up (with the game
 * account), open the link from the received mail, sign in, bind another game account, see the
 * profile, switch language and theme.
 */
describe('newcomer account flow', () => {
  let app: TestApp;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true' } });
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('signs up, confirms by mail, signs in, binds, and personalises the site', async () => {
    const captchas = watchCaptchas(page);
    const username = unique('newbie').replace(/-/g, '_');
    const password = 'a-good-password-7';
    const first = app.directory.freshAccount();

    // Sign up: account, game account, captcha.
    await page.goto(`${app.url}/signup`);
    await fill(page, 'Username', username);
    await fill(page, 'Password', password);
    await fill(page, 'Repeat password', password);
    await page.locator('input[type="checkbox"]').click();
    await click(page, 'Next');
    await fill(page, 'Game account e-mail', first.email!);
    await fill(page, 'Game account name', first.name);
    await click(page, 'Next');
    await fill(page, 'Verification code', await captchas.answer());
    await click(page, 'Create account');
    await seeText(page, 'Check your e-mail');

    // The confirmation mail arrives over SMTP; its link creates the account.
    const signupMail = await app.mail.waitFor(first.email!);
    await page.goto(onServer(app.mail.linkIn(signupMail), app.url));
    await seeText(page, `Welcome, ${username}!`);

    // Sign in with the new account: a wrong password first, told at the password field, which takes the focus.
    await page.goto(`${app.url}/signin`);
    await fill(page, 'Username or e-mail', username);
    await fill(page, 'Password', `${password}x`);
    await fill(page, 'Verification code', await captchas.answer());
    await click(page, 'Sign in');
    await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'password' && document.activeElement.getAttribute('aria-invalid') === 'true', { timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/signin');
    await fill(page, 'Password', password);
    await fill(page, 'Verification code', await captchas.answer());
    await click(page, 'Sign in');
    await page.waitForFunction(() => !location.pathname.startsWith('/signin'), { timeout: 15_000 });

    // Bind another game account: the code goes to that account's e-mail.
    const second = app.directory.freshAccount();
    await page.goto(`${app.url}/bindOrigin`);
    await fill(page, 'Game account e-mail', second.email!);
    await fill(page, 'Game account name', second.name);
    await click(page, 'Next');
    await fill(page, 'Verification code', await captchas.answer());
    await click(page, 'Send confirmation');
    await seeText(page, 'Check your e-mail');
    const bindMail = await app.mail.waitFor(second.email!);
    await page.goto(onServer(app.mail.linkIn(bindMail), app.url));
    await seeText(page, `Bound to ${second.name}`);

    // The profile shows the account and its bound game account.
    await page.goto(`${app.url}/profile/information`);
    await seeText(page, username);
    await seeText(page, second.name);
    await screenshot(page, 'account-profile');

    // Language: the footer's selector switches the whole interface and remembers it.
    await page.locator('::-p-aria([name="Language"][role="combobox"])').fill('zh-CN');
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN', { timeout: 10_000 });
    await seeText(page, '语言');

    // Theme: a swatch switches the tokens at once, and it survives a reload.
    await page.locator('input[type="radio"][value="dark"]').click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark' && document.documentElement.lang === 'zh-CN', { timeout: 10_000 });
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);
    expect(background).not.toBe('rgb(255, 255, 255)');
    await screenshot(page, 'account-profile-zh-dark');
  });
});
