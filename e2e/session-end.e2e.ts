import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { createTestApp, type TestApp } from '@server/test/harness';
import { SESSION_KEY } from '@client/state/sessionStore';
import { launchBrowser } from './support/browser';
import { seeText } from './support/page';
import { signInBeforeVisit } from './support/session';

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** A stored login the server no longer takes (signed out elsewhere), found as a page loads. */
describe('a session ended before the page loads', () => {
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

  /** A page holding a login that was signed out everywhere through the API, as another device would. */
  async function pageWithEndedSession(): Promise<Page> {
    const page = await browser.newPage();
    await signInBeforeVisit(page, app, await app.factories.createUser());
    const stored = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
    const { token } = JSON.parse(stored!) as { token: string };
    const res = await app.request.post('/api/user/signout').set('x-access-token', token).send({});
    expect(res.body.code).toBe('logout.success');
    return page;
  }

  it('sends a protected page to sign-in with the reason, and the sign-in page says the session ended', async () => {
    const page = await pageWithEndedSession();
    await page.goto(`${app.url}/profile/information`);
    await page.waitForFunction(() => location.pathname === '/signin', { timeout: 15_000 });
    await seeText(page, SESSION_ENDED);
    const url = new URL(page.url());
    expect(url.searchParams.get('reason')).toBe('user.tokenExpired');
    expect(url.searchParams.get('backurl')).toBe('/profile/information');
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();
  });

  it('keeps a public page, signed out, and says the session ended', async () => {
    const page = await pageWithEndedSession();
    await page.goto(`${app.url}/about`);
    await seeText(page, SESSION_ENDED);
    expect(new URL(page.url()).pathname).toBe('/about');
    expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();
  });
});
