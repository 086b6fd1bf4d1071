import type { Page } from 'puppeteer-core';
import type { TestApp, TestUser } from '@server/test/harness';
import { SESSION_KEY } from '@client/state/sessionStore';
import type { SigninResult } from '@shared/types/account';
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

/**
 * Leaves the browser signed in as the sign-in page would (the API's login, kept in the site's local
 * storage), without loading the whole client for that page: for tests about other pages, which go
 * to their page next. The sign-in page itself is tested in account.e2e.ts and through
 * signInThroughPage. The cold load it saves cost the browser about 1.8 CPU-seconds per sign-in.
 */
export async function signInBeforeVisit(page: Page, app: TestApp, user: TestUser) {
  const res = await app.request.post('/api/user/signin').send({ data: { username: user.username, password: user.password }, captcha: await app.solveCaptcha() });
  if (res.status !== 200) throw new Error(`sign-in of ${user.username} answered ${res.status} ${JSON.stringify(res.body)}`);
  const { token, userinfo } = res.body.data as SigninResult;
  // Any small document of the site's origin gives the page that origin's storage.
  await page.goto(`${app.url}/favicon.svg`);
  await page.evaluate((key, value) => localStorage.setItem(key, value), SESSION_KEY, JSON.stringify({ token, userinfo }));
}
