import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, KeyInput, Page } from 'puppeteer-core';
import { createTestApp, type TestApp, type TestUser } from '@server/test/harness';
import { openCase, report } from '@server/test/cases';
import { png } from '@server/test/media';
import { launchBrowser, watchCaptchas } from './support/browser';
import { chooseFileWithSpace, expectFocusVisible, expectTabStaysInDialog, focusedText, focusInDialog, focusStaysWhile, hasFocus, moveInMenu, press, tabTo } from './support/keyboard';
import { seeText } from './support/page';
import { signInBeforeVisit } from './support/session';
import { zipOf } from './support/zip';

const ANNOUNCER = '[data-testid="live-announcer"]';
const announced = (page: Page, text: string) => page.waitForFunction((s, t) => (document.querySelector(s) as HTMLElement | null)?.textContent?.includes(t), { timeout: 5_000 }, ANNOUNCER, text);

/**
 * Each flow done with the keyboard alone (Tab, Shift+Tab, Enter, Space, arrows, Escape), never a
 * click: focus must show at every stop, and come back to what opened a dialog when it closes. Then
 * the live announcements: events from another browser are read out politely, and focus stays put.
 */
describe('keyboard only', () => {
  let app: TestApp;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true' } });
    browser = await launchBrowser();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-keyboard-'));
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A page of its own browser context, signed in as `user` (or a visitor), at desktop width. */
  async function pageAs(user: TestUser | null, width = 1280) {
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport({ width, height: 900 });
    // The file picker opens only for the page the browser shows.
    await page.bringToFront();
    if (user) await signInBeforeVisit(page, app, user);
    return page;
  }

  const bot = async () => (await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true })).token;

  it('reports a player', async () => {
    const page = await pageAs(await app.factories.createUser());
    const captchas = watchCaptchas(page);
    const target = app.directory.freshAccount();
    await page.goto(`${app.url}/report`);
    const game = await tabTo(page, '::-p-aria([name="Game"][role="combobox"])');
    for (let i = 0; i < 12 && (await game.evaluate((s) => (s as HTMLSelectElement).value)) !== 'bfv'; i++) await press(page, 'ArrowDown');
    expect(await game.evaluate((s) => (s as HTMLSelectElement).value)).toBe('bfv');
    await tabTo(page, '::-p-aria([name="Game ID"])');
    await page.keyboard.type(target.name);
    await tabTo(page, '::-p-aria([name="Wallhack"][role="checkbox"])');
    await press(page, 'Space');
    await tabTo(page, '::-p-aria([name="Video link 1"])');
    await page.keyboard.type('https://www.youtube.com/watch?v=keyboard-only');
    await tabTo(page, '[contenteditable="true"]');
    await page.keyboard.type('Tracks players through walls on every map, seen from the killcam.');
    await tabTo(page, '::-p-aria([name="Verification code"])');
    await page.keyboard.type(await captchas.answer());
    await tabTo(page, '::-p-aria([name="Send report"][role="button"])');
    // Sending opens the new case: a new page, where focus starts afresh.
    await page.keyboard.press('Enter');
    await page.waitForFunction((id) => location.pathname.startsWith(`/player/${id}`), { timeout: 15_000 }, target.personaId);
    await seeText(page, 'Tracks players through walls on every map');
  });

  it('replies with a quote', async () => {
    const { account, dbId } = await openCase(app, await bot(), { description: '<p>Snaps to heads through smoke.</p>' });
    const page = await pageAs(await app.factories.createUser());
    const captchas = watchCaptchas(page);
    await page.goto(`${app.url}/player/${account.personaId}`);
    await seeText(page, 'Snaps to heads through smoke.');
    // Sharing the entry opens a dialog that keeps Tab inside and gives focus back on Escape.
    const share = await tabTo(page, 'article ::-p-aria([name="Share"][role="button"])');
    await press(page, 'Enter');
    await page.waitForSelector('dialog[open]');
    expect(await focusInDialog(page)).toBe(true);
    await expectTabStaysInDialog(page);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog[open]'));
    expect(await hasFocus(page, share)).toBe(true);
    await expectFocusVisible(page);
    await tabTo(page, 'article ::-p-aria([name="Reply"][role="button"])');
    await press(page, 'Enter');
    // Quoting moves focus into the editor, under the quoted entry.
    await page.waitForFunction(() => (document.activeElement as HTMLElement | null)?.isContentEditable === true);
    await expectFocusVisible(page);
    await page.keyboard.type('Same here, the second clip shows it best.');
    await tabTo(page, '::-p-aria([name="Verification code"])');
    await page.keyboard.type(await captchas.answer());
    await tabTo(page, '::-p-aria([name="Post reply"][role="button"])');
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/player/reply') && r.request().method() === 'POST');
    await press(page, 'Enter');
    expect((await posted).status()).toBe(200);
    const tl = await app.request.get(`/api/player/timeline?dbId=${dbId}`);
    const reply = (tl.body.data.result as Array<{ id: number; toCommentId?: number; content: { text: string } }>).find((e) => e.content.text.includes('second clip'));
    expect(reply?.toCommentId).toBe(tl.body.data.result[0].id);
    // The form is empty again and its button disabled: focus goes to the reply just posted.
    await page.waitForFunction((id) => document.activeElement?.id === `floor-${id}`, { timeout: 5_000 }, reply!.id);
    await expectFocusVisible(page);
  });

  it("opens the editor's dialogs at their first field, and gives focus back to their button on Escape", async () => {
    const { account } = await openCase(app, await bot(), { description: '<p>Flicks onto targets behind cover.</p>' });
    const page = await pageAs(await app.factories.createUser({ privileges: ['dev'] }));
    await page.goto(`${app.url}/player/${account.personaId}`);
    await seeText(page, 'Flicks onto targets behind cover.');
    const firstFields: Array<[string, string]> = [
      ['Link', 'Address'],
      ['Image', 'Image address'],
      ['Contracted syntax', 'Type'],
    ];
    for (const [button, field] of firstFields) {
      const opener = await tabTo(page, `#reply [role="toolbar"] ::-p-aria([name="${button}"][role="button"])`, { back: true });
      await press(page, 'Enter');
      const first = await page.waitForSelector(`dialog[open] ::-p-aria([name="${field}"])`);
      await page.waitForFunction((f) => document.activeElement === f, { timeout: 5_000 }, first);
      await expectFocusVisible(page);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('dialog[open]'));
      expect(await hasFocus(page, opener)).toBe(true);
    }
  });

  it("refuses a link's bad address at its field, and says why", async () => {
    const { account } = await openCase(app, await bot(), { description: '<p>Prefires every corner.</p>' });
    const page = await pageAs(await app.factories.createUser());
    await page.goto(`${app.url}/player/${account.personaId}`);
    await seeText(page, 'Prefires every corner.');
    await tabTo(page, '#reply [role="toolbar"] ::-p-aria([name="Link"][role="button"])', { back: true });
    await press(page, 'Enter');
    const address = await page.waitForSelector('dialog[open] ::-p-aria([name="Address"])');
    await page.waitForFunction((f) => document.activeElement === f, { timeout: 5_000 }, address);
    await page.keyboard.type('www.example');
    await tabTo(page, 'dialog[open] ::-p-aria([name="Insert"][role="button"])');
    await press(page, 'Enter');
    const refusal = 'Use a full address starting with http://, https:// or ftp://.';
    // The refusal takes focus to the field, which reads out as invalid, with the reason as its description.
    await page.waitForFunction((f) => document.activeElement === f, { timeout: 5_000 }, address);
    expect(await address!.evaluate((f) => [f.getAttribute('aria-invalid'), document.getElementById(f.getAttribute('aria-describedby') ?? '')?.textContent])).toEqual(['true', refusal]);
    // Enter in the field refuses again where focus already is: the reason is said.
    await page.keyboard.press('Enter');
    await announced(page, refusal);
    expect(await hasFocus(page, address!)).toBe(true);
  });

  it('picks an emote with the arrow keys: the picker is one Tab stop', async () => {
    const { account } = await openCase(app, await bot(), { description: '<p>Sees through the smoke grenades.</p>' });
    const page = await pageAs(await app.factories.createUser());
    await page.goto(`${app.url}/player/${account.personaId}`);
    await seeText(page, 'Sees through the smoke grenades.');
    await tabTo(page, '#reply [contenteditable="true"]');
    await page.keyboard.type('Look at this ');
    await tabTo(page, '#reply [role="toolbar"] ::-p-aria([name="Emote"][role="button"])', { back: true });
    await press(page, 'Enter');
    const EMOTES = 'dialog[open] [role="group"] button';
    await page.waitForSelector(EMOTES);
    const at = () => page.evaluate((e) => [...document.querySelectorAll(e)].indexOf(document.activeElement!), EMOTES);
    // Radix moves focus between the buttons a task after the key.
    const move = async (key: KeyInput, to: number) => {
      await press(page, key);
      await page.waitForFunction((e, i) => [...document.querySelectorAll(e)].indexOf(document.activeElement!) === i, { timeout: 5_000 }, EMOTES, to);
    };
    const count = await page.$$eval(EMOTES, (all) => all.length);
    await tabTo(page, EMOTES);
    expect(await at()).toBe(0);
    await move('ArrowRight', 1);
    await move('ArrowDown', 2);
    await move('End', count - 1);
    await move('Home', 0);
    await move('ArrowLeft', count - 1);
    await move('ArrowRight', 0);
    // Shift+Tab leaves the picker from any emote (for the close button); Tab comes back to the emote left.
    await move('ArrowRight', 1);
    await press(page, 'Tab', { shift: true });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close');
    await move('Tab', 1);
    await press(page, 'Enter');
    await page.waitForFunction(() => !document.querySelector('dialog[open]'));
    await page.waitForSelector('#reply [contenteditable="true"] img[src="/emotes/face/grin.svg"]');
  });

  /**
   * Goes to page 2 of a list from its pager with the keyboard. Focus moves to the list's region (named
   * `list`) once the new page's items are in: not left on the pager's link, nor lost on the page when
   * the link is redrawn; the page is said; and the next Tab goes into the new page's first `item`.
   * Loading the screen moved nothing.
   */
  async function pageForward(page: Page, list: string, item: string, { max = 150 } = {}) {
    const region = `[role="region"][aria-label="${list}"]`;
    const firstOf = (p: Page) => p.$eval(`${region} ${item}`, (e) => (e as HTMLElement).innerText);
    await page.waitForSelector(`${region} ${item}`, { timeout: 15_000 });
    const before = await firstOf(page);
    expect(await page.evaluate((r) => !!document.activeElement?.closest(r), region)).toBe(false);
    await tabTo(page, 'nav ::-p-aria([name="Page 2"][role="link"])', { max });
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('page') === '2');
    const landed = await page.waitForFunction((r) => document.activeElement?.matches(r), { timeout: 10_000 }, region).catch(() => null);
    if (!landed) throw new Error(`focus is on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 100))}, not on the list`);
    expect(await firstOf(page)).not.toBe(before);
    await expectFocusVisible(page);
    await announced(page, 'Page 2 of ');
    await press(page, 'Tab');
    expect(await page.evaluate((r, i) => !!document.activeElement && !!document.querySelector(r)?.querySelector(i)?.contains(document.activeElement), region, item)).toBe(true);
  }

  it("goes to the player list's next page: focus moves to the list, and the page is said", async () => {
    const botToken = await bot();
    await Promise.all(Array.from({ length: 21 }, () => openCase(app, botToken)));
    const page = await pageAs(null);
    await page.goto(`${app.url}/player`);
    await pageForward(page, 'Player list', 'tbody tr');
    expect(await page.evaluate(() => document.querySelector('[role="region"][aria-label="Player list"]')?.getAttribute('aria-busy'))).toBe('false');
  });

  it("goes to a case timeline's and the comment management's next page: focus moves to the entries", async () => {
    const botToken = await bot();
    const { account, dbId } = await openCase(app, botToken);
    for (let i = 1; i <= 21; i++) {
      const posted = await app.request.post('/api/player/reply').set('x-access-token', botToken).send({ data: { toPlayerId: dbId, content: `<p>Reply ${i}</p>` }, SKIP_CAPTCHA: true });
      expect(posted.status).toBe(200);
    }
    const visitor = await pageAs(null);
    await visitor.goto(`${app.url}/player/${account.personaId}`);
    await pageForward(visitor, 'Timeline entries', 'article', { max: 400 });

    const staff = await pageAs(await app.factories.createUser({ privileges: ['super'] }));
    await staff.goto(`${app.url}/admin/comments?case=${dbId}&type=reply`);
    await pageForward(staff, 'Comment management', 'li');
  });

  it("goes to the next page of one's own reports in the profile: focus moves to the list", async () => {
    const { user, token } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    await Promise.all(Array.from({ length: 21 }, () => openCase(app, token)));
    const page = await pageAs(user);
    await page.goto(`${app.url}/profile/reports`);
    await pageForward(page, 'Reported players', 'tbody tr');
  });

  it("follows a link to another page: the page's heading takes focus and its title is said", async () => {
    const page = await pageAs(null);
    await page.goto(`${app.url}/about`);
    await tabTo(page, 'header a[href="/player"]');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.matches('main h1') && document.activeElement.textContent?.startsWith('Player list'), { timeout: 10_000 });
    await expectFocusVisible(page);
    await announced(page, 'Player list · Tribunal');
    // Only the query changing is no new page: focus stays on the filter.
    const status = await tabTo(page, '::-p-aria([name="Status"][role="combobox"])');
    await focusStaysWhile(page, async () => {
      await press(page, 'ArrowDown');
      await page.waitForFunction(() => location.search.includes('status='), { timeout: 5_000 });
      await new Promise((r) => setTimeout(r, 300));
    });
    expect(await hasFocus(page, status)).toBe(true);
  });

  it('votes in a judgement as staff', async () => {
    const { account } = await openCase(app, await bot(), { description: '<p>Headshots only, every round.</p>' });
    const page = await pageAs(await app.factories.createUser({ privileges: ['super'] }));
    await page.goto(`${app.url}/player/${account.personaId}`);
    await seeText(page, 'Judge this case');
    const action = await tabTo(page, '#judgement select');
    for (let i = 0; i < 12 && (await action.evaluate((s) => (s as HTMLSelectElement).value)) !== 'guilt'; i++) await press(page, 'ArrowDown');
    expect(await action.evaluate((s) => (s as HTMLSelectElement).value)).toBe('guilt');
    await tabTo(page, '#judgement ::-p-aria([name="Aimbot"][role="checkbox"])');
    await press(page, 'Space');
    await tabTo(page, '#judgement [contenteditable="true"]');
    await page.keyboard.type('Locks on through smoke at 01:12.');
    await tabTo(page, '#judgement ::-p-aria([name="Submit verdict"][role="button"])');
    const judged = page.waitForResponse((r) => r.url().endsWith('/api/player/judgement') && r.request().method() === 'POST');
    await press(page, 'Enter');
    const answer = await judged;
    expect(answer.status()).toBe(200);
    expect((await answer.json()).data.nextstate).toBe(6);
    // The form's confirmation tells the new status: the live announcer does not say it again.
    await new Promise((r) => setTimeout(r, 500));
    expect(await page.$eval(ANNOUNCER, (r) => r.textContent)).not.toContain('This case is now');
    // The form is cleared for the next verdict, and focus is still somewhere to be seen.
    await page.waitForFunction(() => (document.querySelector('#judgement select') as HTMLSelectElement).value === '');
    await expectFocusVisible(page);
  });

  it('appeals a verdict with a MOSS archive', async () => {
    const owner = await app.factories.createUser();
    const res = await report(app, await bot(), owner.account!, { description: '<p>Never misses.</p>' });
    const { token: superToken } = await app.factories.signedIn({ privileges: ['super'] });
    const judged = await app.request
      .post('/api/player/judgement')
      .set('x-access-token', superToken)
      .send({ data: { toPlayerId: res.body.data.dbId, action: 'suspect', content: '<p>Show us a MOSS recording.</p>' } });
    expect(judged.status).toBe(200);
    const page = await pageAs(owner);
    await page.goto(`${app.url}/player/${owner.account!.personaId}`);
    await tabTo(page, '::-p-aria([name="Appeal this verdict"][role="link"])');
    // The link opens the appeal page, where focus starts from the top as on any new page.
    await page.keyboard.press('Enter');
    await seeText(page, 'Kind of appeal');
    const archive = path.join(dir, 'moss.zip');
    fs.writeFileSync(archive, zipOf({ 'MOSS/Logfile.log': 'MOSS 1.0 session log' }));
    await tabTo(page, 'input[type="file"]');
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/service/upload') && r.request().method() === 'PUT');
    await chooseFileWithSpace(page, archive);
    expect((await uploaded).status()).toBe(201);
    await seeText(page, 'Archive uploaded');
    await tabTo(page, 'form [contenteditable="true"]');
    await page.keyboard.type('High sensitivity, nothing injected: the MOSS log shows it.');
    await tabTo(page, '::-p-aria([name="First-person recording"])');
    await page.keyboard.type('https://www.youtube.com/watch?v=keyboard-round');
    await tabTo(page, '::-p-aria([name="Send appeal"][role="button"])');
    const filed = page.waitForResponse((r) => r.url().endsWith('/api/player/banAppeal'));
    await page.keyboard.press('Enter');
    expect((await filed).status()).toBe(201);
  });

  it('sends a chat message, and hears the answer in the conversation log without losing focus', async () => {
    const alice = await app.factories.signedIn({ attr: { allowDM: true } });
    const bob = await app.factories.createUser({ attr: { allowDM: true } });
    const page = await pageAs(bob);
    await page.goto(`${app.url}/profile/chat?with=${alice.user.id}`);
    const box = await tabTo(page, `::-p-aria([name="Message to ${alice.user.username}"])`);
    await page.keyboard.type('Want to check the replay together?');
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/message') && r.request().method() === 'POST');
    await press(page, 'Enter');
    expect((await posted).status()).toBe(201);
    expect(await hasFocus(page, box)).toBe(true);

    const log = 'ol[role="log"][aria-live="polite"]';
    await focusStaysWhile(page, async () => {
      const sent = await app.request.post('/api/message').set('x-access-token', alice.token).send({ data: { toUserId: bob.id, type: 'direct', content: '<p>Sure, send me the round time.</p>' } });
      expect(sent.status).toBe(201);
      await page.waitForFunction((s) => (document.querySelector(s) as HTMLElement | null)?.innerText.includes('Sure, send me the round time.'), { timeout: 5_000 }, log);
    });
  });

  it('moves a workflow card to another column from its menu, and opens and closes its details', async () => {
    const name = `KbCard${Math.random().toString(36).slice(2, 7)}`;
    const res = await report(app, await bot(), app.directory.freshAccount({ name }));
    const id = res.body.data.dbId as number;
    const page = await pageAs(await app.factories.createUser({ privileges: ['admin'] }), 1366);
    await page.goto(`${app.url}/workflow/item/add?id=${id}`);
    await page.waitForSelector(`[data-found="${id}"]`);
    await tabTo(page, '::-p-aria([name="Add to the board"][role="button"])');
    // Adding opens the board: a new page.
    await page.keyboard.press('Enter');
    await page.waitForSelector(`[data-column-cards="0"] [data-card="${id}"]`);

    const menu = `[data-card="${id}"] button[aria-haspopup="menu"]`;
    await tabTo(page, menu);
    await press(page, 'Enter');
    // The menu's primitives load on first use (client/components/Menu.tsx): it opens once they are in, at its first item.
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem', { timeout: 10_000 });
    for (let i = 0; i < 12 && (await focusedText(page)) !== 'Move to: Under discussion'; i++) await moveInMenu(page, 'ArrowDown');
    expect(await focusedText(page)).toBe('Move to: Under discussion');
    await press(page, 'Enter');
    await page.waitForSelector(`[data-column-cards="5"] [data-card="${id}"]`);
    // Focus follows the card to its new column.
    await page.waitForFunction((s) => document.activeElement === document.querySelector(s), { timeout: 5_000 }, menu);
    await expectFocusVisible(page);

    // The card's details: a dialog that takes focus, and gives it back to the card on Escape.
    const opener = await tabTo(page, `[data-card="${id}"] button:not([aria-haspopup])`, { back: true });
    await press(page, 'Enter');
    await page.waitForSelector('[data-testid="workflow-detail"]');
    expect(await focusInDialog(page)).toBe(true);
    await expectFocusVisible(page);
    await expectTabStaysInDialog(page);
    // Tab may have stopped on a date, whose tooltip is then the top layer: Escape closes it first, focus staying.
    if (await page.evaluate(() => !!document.activeElement?.matches('span[tabindex="0"]:has(> time)'))) {
      await page.waitForSelector('[role="tooltip"]');
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('[role="tooltip"]'));
      expect(await focusInDialog(page)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog[open]'));
    expect(await hasFocus(page, opener)).toBe(true);
    await expectFocusVisible(page);
  });

  it('uploads, nudges, zooms and turns an avatar in the upload widget', async () => {
    const page = await pageAs(await app.factories.createUser());
    await page.goto(`${app.url}/profile/media`);
    const opener = await tabTo(page, '::-p-aria([name="Upload an avatar"][role="button"])');
    await press(page, 'Enter');
    await page.waitForSelector('dialog[open]');
    expect(await focusInDialog(page)).toBe(true);
    const file = path.join(dir, 'portrait.png');
    fs.writeFileSync(file, await png(800, 600));
    await tabTo(page, 'dialog[open] [data-testid="widget-file-input"]');
    await chooseFileWithSpace(page, file);
    await seeText(page, 'Zoom');
    // The new step takes focus: it stays in the dialog.
    await page.waitForFunction(() => !!document.activeElement?.closest('dialog[open]'), { timeout: 5_000 });
    await expectFocusVisible(page);

    const cropArea = await tabTo(page, 'dialog[open] [data-testid="cropper"]', { back: true, max: 10 });
    const where = () => page.$eval('dialog[open] .reactEasyCrop_Image', (img) => (img as HTMLElement).style.transform);
    const before = await where();
    await press(page, 'ArrowLeft', { times: 4 });
    await expect.poll(where).not.toBe(before);
    expect(await hasFocus(page, cropArea)).toBe(true);
    expect(await cropArea.evaluate((a) => a.getAttribute('aria-label'))).toMatch(/arrow keys/);
    // + zooms in from the crop area itself; the slider follows.
    const zoom = await page.waitForSelector('dialog[open] input[type="range"]');
    await press(page, '+');
    await press(page, '+');
    expect(Number(await zoom!.evaluate((z) => (z as HTMLInputElement).value))).toBeCloseTo(1.2);
    await press(page, '-');
    expect(Number(await zoom!.evaluate((z) => (z as HTMLInputElement).value))).toBeCloseTo(1.1);
    await tabTo(page, 'dialog[open] input[type="range"]');
    await press(page, 'ArrowRight', { times: 4 });
    expect(Number(await zoom!.evaluate((z) => (z as HTMLInputElement).value))).toBeCloseTo(1.3);
    await tabTo(page, 'dialog[open] ::-p-aria([name="Turn right"][role="button"])', { back: true });
    await press(page, 'Enter');
    await tabTo(page, 'dialog[open] ::-p-aria([name="Apply"][role="button"])');
    await press(page, 'Enter');
    await page.waitForSelector('dialog[open] img[alt="The picture as it will be uploaded"]');
    expect(await focusInDialog(page)).toBe(true);
    await tabTo(page, 'dialog[open] ::-p-aria([name="Upload"][role="button"])');
    // Uploading ends the dialog: focus is checked once it has closed.
    await page.keyboard.press('Enter');
    await seeText(page, 'Your avatar is changed.');
    await page.waitForFunction(() => !document.querySelector('dialog[open]'));
    // Back where the dialog was opened from.
    expect(await hasFocus(page, opener)).toBe(true);
    await expectFocusVisible(page);
  });

  it('announces a new timeline entry and a vote politely, without moving focus', async () => {
    const botToken = await bot();
    const { account, dbId } = await openCase(app, botToken, { description: '<p>Rage hacking on Metro.</p>' });
    const page = await pageAs(await app.factories.createUser({ privileges: ['admin'] }));
    await page.goto(`${app.url}/player/${account.personaId}`);
    await seeText(page, 'Judge this case');
    expect(await page.$eval(ANNOUNCER, (r) => [r.getAttribute('role'), r.getAttribute('aria-live')])).toEqual(['status', 'polite']);
    await tabTo(page, 'article ::-p-aria([name="Share"][role="button"])');

    const other = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    await focusStaysWhile(page, async () => {
      const res = await app.request.post('/api/player/reply').set('x-access-token', other.token).send({ data: { toPlayerId: dbId, content: '<p>Saw it too.</p>' }, SKIP_CAPTCHA: true });
      expect(res.status).toBe(200);
      await announced(page, `New on the timeline: an entry by ${other.user.username}.`);
    });
    const judge = await app.factories.signedIn({ privileges: ['super'] });
    await focusStaysWhile(page, async () => {
      const res = await app.request
        .post('/api/player/judgement')
        .set('x-access-token', judge.token)
        .send({ data: { toPlayerId: dbId, action: 'guilt', cheatMethods: ['aimbot'], content: '<p>Confirmed on the second clip.</p>' } });
      expect(res.status).toBe(200);
      await announced(page, 'Votes to confirm this case: 1 of 2.');
      await announced(page, 'This case is now “Needs more votes”.');
    });
    // The second vote confirms the case: its new status is said once, and no count of a wait that is over.
    await page.$$eval(`${ANNOUNCER} p`, (ps) => ps.forEach((p) => p.setAttribute('data-earlier', '')));
    const second = await app.factories.signedIn({ privileges: ['super'] });
    await focusStaysWhile(page, async () => {
      const res = await app.request
        .post('/api/player/judgement')
        .set('x-access-token', second.token)
        .send({ data: { toPlayerId: dbId, action: 'guilt', cheatMethods: ['aimbot'], content: '<p>Same on the third clip.</p>' } });
      expect(res.status).toBe(200);
      expect(res.body.data.nextstate).toBe(1);
      await announced(page, 'This case is now “Confirmed cheater”.');
      await new Promise((r) => setTimeout(r, 500));
    });
    const said = await page.$$eval(`${ANNOUNCER} p:not([data-earlier])`, (ps) => ps.map((p) => p.textContent));
    expect(said).toEqual([`New on the timeline: an entry by ${second.user.username}.`, 'This case is now “Confirmed cheater”.']);
    await expectFocusVisible(page);
  });

  it('says what reaches the home page after it loaded, not what it loaded with', async () => {
    const botToken = await bot();
    const { account: earlier } = await openCase(app, botToken);
    const page = await pageAs(null);
    // Whatever is added or changed inside a live region: what a screen reader says.
    await page.evaluateOnNewDocument(() => {
      const heard: string[] = [];
      Object.assign(window, { heard });
      new MutationObserver((records) => {
        for (const record of records) {
          const region = (record.target instanceof Element ? record.target : record.target.parentElement)?.closest('[aria-live="polite"], [aria-live="assertive"], [role="status"], [role="alert"], [role="log"]');
          if (!region) continue;
          if (record.type === 'characterData') heard.push(record.target.textContent ?? '');
          for (const node of record.addedNodes) heard.push(node.textContent ?? '');
        }
      }).observe(document, { childList: true, characterData: true, subtree: true });
    });
    const heard = () => page.evaluate(() => (window as unknown as { heard: string[] }).heard.join(' | '));
    await page.goto(`${app.url}/`);
    await page.waitForFunction((name) => document.querySelector('#activity')?.textContent?.includes(name), { timeout: 10_000 }, earlier.name);
    await seeText(page, 'community record of players');
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await heard()).not.toContain(earlier.name);
    expect(await heard()).not.toContain('community record of players');

    const { account } = await openCase(app, botToken);
    await page.waitForFunction((name) => (window as unknown as { heard: string[] }).heard.some((h) => h.includes(`reported ${name} in`)), { timeout: 10_000 }, account.name);
    const sup = await app.factories.signedIn({ privileges: ['super'] });
    const published = await app.request.post('/api/admin/setAnnouncement').set('x-access-token', sup.token).send({ data: { name: 'bulletin', title: 'Evidence', content: '<p>Clips of the whole round, please.</p>' } });
    expect(published.status).toBe(201);
    await announced(page, 'New on the bulletin: Evidence.');
  });

  it('shows a toast from another browser in the notifications region, announced politely, without moving focus', async () => {
    const member = await app.factories.createUser();
    const page = await pageAs(member);
    await page.goto(`${app.url}/player`);
    await page.waitForSelector('header a[data-unread="0"]');
    await tabTo(page, 'main a');
    const sup = await app.factories.signedIn({ privileges: ['super'] });
    await focusStaysWhile(page, async () => {
      const sent = await app.request.post('/api/message').set('x-access-token', sup.token).send({ data: { type: 'toNormals', content: 'Maintenance at 22:00 UTC.' } });
      expect(sent.status).toBe(201);
      // Radix's toast (client/components/ToastRegion.tsx): shown in its region, and said in a polite live region of its own.
      const said = page.waitForFunction(() => [...document.querySelectorAll('[role="status"][aria-live="polite"]')].some((s) => s.textContent?.startsWith('Notification ') && s.textContent.includes('Maintenance at 22:00 UTC.')), { timeout: 5_000 });
      await page.waitForFunction(() => (document.querySelector('[role="region"][aria-label="Notifications (F8)"]') as HTMLElement | null)?.innerText.includes('Maintenance at 22:00 UTC.'), { timeout: 5_000 });
      await said;
    });
  });
});
