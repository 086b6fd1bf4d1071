import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { createTestApp, type TestApp, type TestUser } from '@server/test/harness';
import { openCase } from '@server/test/cases';
import { launchBrowser, screenshot, watchCaptchas } from './support/browser';
import { giveVerdict, seeTextIn, textOf } from './support/judgement';
import { seeText } from './support/page';
import { signInThroughPage } from './support/session';

const STATUS = '#case-name + div';
const STAFF = '#staff-presence';

/**
 * Two admins judge one case together, live: each sees the other on the page, the first vote and
 * the tally reach the second at once, and the second vote confirms the case before a visitor's
 * eyes, without a reload.
 */
describe('judging together', () => {
  let app: TestApp;
  let browsers: Browser[] = [];

  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true' } });
    browsers = await Promise.all([launchBrowser(), launchBrowser(), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all(browsers.map((b) => b.close()));
    await app?.close();
  });

  async function staffPage(browser: Browser, user: TestUser, path: string): Promise<Page> {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await signInThroughPage(page, app, user, watchCaptchas(page));
    await page.goto(`${app.url}${path}`);
    await seeText(page, 'Judge this case');
    return page;
  }

  it('shows each other, the votes and the tally live, and the confirmation to a visitor', async () => {
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { account } = await openCase(app, bot, { description: '<p>Headshots through smoke, every round.</p>' });
    const [superAdmin, admin] = await Promise.all([app.factories.createUser({ privileges: ['super'] }), app.factories.createUser({ privileges: ['admin'] })]);
    const path = `/player/${account.personaId}`;

    const a = await staffPage(browsers[0]!, superAdmin, path);
    const b = await staffPage(browsers[1]!, admin, path);

    // Presence: each admin sees the other (DESIGN §5).
    await seeTextIn(a, STAFF, admin.username);
    await seeTextIn(b, STAFF, superAdmin.username);
    expect(await textOf(a, STAFF)).not.toContain(superAdmin.username);

    // Kill is offered to the super admin only.
    const options = (page: Page) => page.$$eval('#judgement select option', (list) => list.map((o) => (o as HTMLOptionElement).value));
    expect(await options(a)).toContain('kill');
    expect(await options(b)).not.toContain('kill');

    const visitor = await browsers[2]!.newPage();
    await visitor.setViewport({ width: 360, height: 800 });
    await visitor.goto(`${app.url}${path}`);
    await seeText(visitor, 'Headshots through smoke, every round.');
    await seeTextIn(visitor, STATUS, 'Unprocessed');
    await visitor.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));
    // Visitors get no staff panel and no judgement form.
    expect(await visitor.$(STAFF)).toBeNull();
    expect(await visitor.$('#judgement')).toBeNull();

    // A votes guilt: the case waits for a second vote (status 6).
    const first = await giveVerdict(a, { action: 'guilt', methods: ['Aimbot', 'Wallhack'], reasoning: 'Locks onto heads through smoke at 02:13 and 05:40.' });
    expect(first.status()).toBe(200);
    expect((await first.json()).data.nextstate).toBe(6);
    // The form is cleared for the next verdict.
    await a.waitForFunction(() => (document.querySelector('#judgement select') as HTMLSelectElement).value === '');

    // B sees the vote on the timeline and the tally, live.
    await seeText(b, 'Locks onto heads through smoke at 02:13 and 05:40.', 5_000);
    await seeTextIn(b, STAFF, '1 of 2 votes to confirm', 5_000);
    await seeTextIn(b, STAFF, superAdmin.username);
    await seeTextIn(b, STATUS, 'Needs more votes', 5_000);
    await seeTextIn(visitor, STATUS, 'Needs more votes', 5_000);
    // The vote reads as a verdict with its methods.
    const vote = await b.$$eval('article', (list) => list.map((e) => (e as HTMLElement).innerText).find((text) => text.includes('Locks onto heads')) ?? '');
    expect(vote).toContain('Cheater (vote)');
    expect(vote).toContain('Aimbot');
    expect(vote).toContain('Wallhack');
    await screenshot(b, 'judgement-second-admin');

    // B votes guilt too: two admins in a row confirm the case (status 1).
    const second = await giveVerdict(b, { action: 'guilt', methods: ['Aimbot'], reasoning: 'Agreed: the same lock-on in the second video.' });
    expect(second.status()).toBe(200);
    expect((await second.json()).data.nextstate).toBe(1);

    await seeTextIn(visitor, STATUS, 'Confirmed cheater', 5_000);
    await seeText(visitor, 'Agreed: the same lock-on in the second video.', 5_000);
    expect(await visitor.evaluate(() => (window as unknown as { untouched?: boolean }).untouched)).toBe(true);
    await seeTextIn(a, STATUS, 'Confirmed cheater', 5_000);
    // The tally is for cases waiting for votes only.
    expect(await textOf(a, STAFF)).not.toContain('votes to confirm');
    await screenshot(visitor, 'judgement-visitor-phone');
  });
});
