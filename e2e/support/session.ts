import type { Page } from 'puppeteer-core';
import type { TestApp, TestUser } from '@server/test/harness';
import { watchCaptchas } from './browser';
import { click, fill } from './page';

/** Signs a user in through the sign-in page, as a person would. */
export async function signInThroughPage(page: Page, app: TestApp, user: TestUser, captchas: ReturnType<typeof watchCaptchas>) {
  await page.goto(`${app.url}/signin`);
  await fill(page, 'Username or e-mail', user.username);
  await fill(page, 'Password', user.password);
  await fill(page, 'Verification code', await captchas.answer());
  await click(page, 'Sign in');
  await page.waitForFunction(() => !location.pathname.startsWith('/signin'), { timeout: 15_000 });
}
