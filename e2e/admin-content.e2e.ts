import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { createTestApp, type TestApp, type TestUser } from '@server/test/harness';
import { openCase } from '@server/test/cases';
import { launchBrowser, screenshot } from './support/browser';
import { seeText } from './support/page';
import { signInBeforeVisit } from './support/session';

/**
 * The comment console and home management, each watched from a visitor's open page: a hidden or
 * deleted reply leaves the visitor's case page and comes back when shown or restored; a bulletin
 * version appears on an open home page. None of it reloads the visitor's page.
 */
describe('admin content', () => {
  let app: TestApp;
  let browser: Browser;
  let superUser: TestUser;

  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true' } });
    browser = await launchBrowser();
    superUser = (await app.factories.signedIn({ privileges: ['super'] })).user;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function staffPage(): Promise<Page> {
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport({ width: 375, height: 800 });
    await signInBeforeVisit(page, app, superUser);
    return page;
  }
  /** A visitor's page in a context of its own, marked so that a reload would show. */
  async function visitorPage(path: string, text: string): Promise<Page> {
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport({ width: 390, height: 844 });
    await page.goto(`${app.url}${path}`);
    await seeText(page, text);
    await page.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));
    return page;
  }
  const untouched = (page: Page) => page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched === true);
  /** By keyboard (toasts may cover the pointer's target on a phone). */
  const press = async (page: Page, selector: string) => {
    await page.waitForSelector(selector);
    await page.focus(selector);
    await page.keyboard.press('Enter');
  };
  const setComment = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/api/admin/setComment') && r.request().method() === 'POST');

  it('a super hides, shows, deletes and restores a reply; a visitor’s open case page follows without reloading', async () => {
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { account, dbId } = await openCase(app, bot, { description: '<p>Opening evidence: prefires every corner.</p>' });
    const text = 'Rude words that staff will tidy away.';
    const posted = await app.request.post('/api/player/reply').set('x-access-token', bot).send({ data: { toPlayerId: dbId, content: `<p>${text}</p>` }, SKIP_CAPTCHA: true });
    expect(posted.status).toBe(200);
    const id = posted.body.data.id as number;

    const visitor = await visitorPage(`/player/${account.personaId}`, text);
    const gone = () => visitor.waitForFunction((i) => !document.getElementById(`floor-${i}`), { timeout: 5_000 }, id);
    const back = () => visitor.waitForFunction((i, t) => document.getElementById(`floor-${i}`)?.innerText.includes(t), { timeout: 5_000 }, id, text);

    const staff = await staffPage();
    await staff.goto(`${app.url}/admin/comments?case=${dbId}&type=reply`);
    await seeText(staff, text);
    const item = `[data-comment="${id}"]`;

    let done = setComment(staff);
    await press(staff, `${item} [data-toggle-visibility]`);
    expect((await done).status()).toBe(200);
    await gone();
    await staff.waitForSelector(`${item} ::-p-text(Hidden)`);

    done = setComment(staff);
    await press(staff, `${item} [data-toggle-visibility]`);
    expect((await done).status()).toBe(200);
    await back();

    // Delete in the edit dialog (content and video link emptied), then restore it from the list.
    await press(staff, `${item} [data-edit]`);
    await seeText(staff, `Edit entry #${id}`);
    // The rich-text editor opens on the entry's text.
    await staff.waitForFunction((t) => document.querySelector('dialog [contenteditable="true"]')?.textContent?.includes(t), { timeout: 5_000 }, text);
    done = setComment(staff);
    await press(staff, 'dialog [data-delete-comment]');
    expect((await done).status()).toBe(200);
    await gone();
    await staff.waitForSelector(`${item} [data-restore]`);
    await screenshot(staff, 'admin-comments-deleted');

    done = setComment(staff);
    await press(staff, `${item} [data-restore]`);
    expect((await done).status()).toBe(200);
    await back();
    expect(await untouched(visitor)).toBe(true);
    await screenshot(visitor, 'admin-comments-visitor');
  });

  it('a super publishes a bulletin version and an open home page shows it live', async () => {
    const visitor = await visitorPage('/', 'Welcome to Tribunal');
    const staff = await staffPage();
    await staff.goto(`${app.url}/admin/home-management`);
    await staff.waitForSelector('[data-publish]');
    // The seeded version 1 is the one shown; the editor starts from it.
    await staff.waitForSelector('[data-history] [data-version="1"]');
    await staff.locator('::-p-aria([name="Title"])').fill('Season news');
    const words = 'Double XP weekend: report with clips, not rumours.';
    await staff.locator('[contenteditable="true"]').click();
    await staff.keyboard.type(words);
    const published = staff.waitForResponse((r) => r.url().endsWith('/api/admin/setAnnouncement'));
    await staff.locator('[data-publish]').click();
    expect((await published).status()).toBe(201);
    await staff.waitForSelector('[data-history] [data-version="2"]');
    await screenshot(staff, 'admin-home-management');

    await visitor.waitForFunction((w) => document.querySelector('[data-bulletin]')?.textContent?.includes(w), { timeout: 5_000 }, words);
    await seeText(visitor, 'Season news');
    expect(await untouched(visitor)).toBe(true);
    await screenshot(visitor, 'home-bulletin-live');

    // The rule pages show the texts every site starts with.
    await visitor.goto(`${app.url}/announcement/conductRules`);
    await seeText(visitor, 'Reply to the case');
  });

  it('a super publishes a version in one language: its readers get it live, readers of other languages keep theirs', async () => {
    const german = await visitorPage('/announcement/personnelRules?lang=de-DE', 'Regeln für das Team');
    const english = await visitorPage('/announcement/personnelRules', 'Personnel rules');
    const staff = await staffPage();
    await staff.goto(`${app.url}/admin/home-management?doc=personnelRules`);
    await staff.waitForSelector('[data-history] [data-version="1"]');
    await seeText(staff, 'Published in 13 of 13 languages');
    await staff.select('select[data-language]', 'de-DE');
    // The editor starts from the German text its readers see.
    await staff.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="title"]')?.value === 'Regeln für das Team', { timeout: 5_000 });
    await staff.locator('::-p-aria([name="Title"])').fill('Teamregeln, überarbeitet');
    const published = staff.waitForResponse((r) => r.url().endsWith('/api/admin/setAnnouncement'));
    await staff.locator('[data-publish]').click();
    const answer = await published;
    expect(answer.status()).toBe(201);
    expect((await answer.json()).data).toMatchObject({ language: 'de-DE', version: 2 });
    await staff.waitForSelector('[data-history] [data-version="2"]');

    await seeText(german, 'Teamregeln, überarbeitet', 5_000);
    expect(await untouched(german)).toBe(true);
    await seeText(english, 'Personnel rules');
    expect(await english.evaluate(() => document.body.innerText.includes('Teamregeln'))).toBe(false);
  });
});
