import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { createTestApp, type TestApp } from '@server/test/harness';
import { launchBrowser, screenshot } from './support/browser';
import { click, seeText } from './support/page';
import { signInBeforeVisit } from './support/session';

const untouched = (page: Page) => page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched);
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));

/**
 * Two members chat from two browsers: each message appears on the other side without a reload,
 * and the sender sees it turn "Read" when the other opens the conversation.
 */
describe('live chat', () => {
  let app: TestApp;
  let aliceBrowser: Browser;
  let bobBrowser: Browser;

  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true' } });
    [aliceBrowser, bobBrowser] = await Promise.all([launchBrowser(), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all([aliceBrowser?.close(), bobBrowser?.close()]);
    await app?.close();
  });

  it('delivers messages both ways live and shows the read state to the sender', async () => {
    const alice = await app.factories.createUser({ attr: { allowDM: true } });
    const bob = await app.factories.createUser({ attr: { allowDM: true } });

    const a = await aliceBrowser.newPage();
    await a.setViewport({ width: 1280, height: 900 });
    await signInBeforeVisit(a, app, alice);

    const b = await bobBrowser.newPage();
    await b.setViewport({ width: 390, height: 844 });
    await signInBeforeVisit(b, app, bob);
    await b.goto(`${app.url}/profile/chat`);
    await seeText(b, 'No conversations yet');
    await markDocument(b);

    // Alice starts from Bob's page, which offers a message because Bob accepts them.
    await a.goto(`${app.url}/space/${bob.id}`);
    await click(a, `Send ${bob.username} a message`, 'link');
    await a.waitForFunction((id) => location.pathname === '/profile/chat' && location.search === `?with=${id}`, {}, bob.id);
    await seeText(a, `No messages with ${bob.username} yet`);

    const hello = 'Saw your report on the wallhacker, want to check the replay together?';
    await a.locator(`::-p-aria([name="Message to ${bob.username}"])`).click();
    await a.keyboard.type(hello);
    const posted = a.waitForResponse((r) => r.url().endsWith('/api/message') && r.request().method() === 'POST');
    await a.keyboard.press('Enter');
    expect((await posted).status()).toBe(201);
    const sentAt = Date.now();
    await a.waitForSelector('[data-message-id][data-read="0"]');
    await seeText(a, 'Sent');

    // Bob's header badge and conversation list move without a reload.
    await b.waitForSelector('header a[data-unread="1"][aria-label="Messages: 1 unread"]', { timeout: 5_000 });
    await b.waitForFunction((name) => [...document.querySelectorAll('a')].some((l) => l.textContent?.includes(name) && l.getAttribute('href')?.includes('with=')), { timeout: 5_000 }, alice.username);
    expect(Date.now() - sentAt).toBeLessThan(2_000);
    expect(await untouched(b)).toBe(true);
    await screenshot(b, 'chat-bob-list');

    // Bob opens it: the message is there, and Alice sees it turn "Read".
    await b.click(`ul[aria-label="Conversations"] a[href$="with=${alice.id}"]`);
    await seeText(b, hello);
    await a.waitForSelector('[data-message-id][data-read="1"]', { timeout: 5_000 });
    await seeText(a, 'Read');
    // Read here, so the badge is empty again.
    await b.waitForSelector('header a[data-unread="0"]', { timeout: 5_000 });

    // Bob answers from the phone; Alice's open conversation shows it at once.
    const answer = 'Sure, send me the round time.';
    await b.locator(`::-p-aria([name="Message to ${alice.username}"])`).click();
    await b.keyboard.type(answer);
    await click(b, 'Send');
    const answeredAt = Date.now();
    await a.waitForFunction((t) => document.body.innerText.includes(t), { timeout: 5_000 }, answer);
    expect(Date.now() - answeredAt).toBeLessThan(2_000);
    // Alice has it on screen, so it is read at once and Bob sees that too.
    await b.waitForFunction(() => document.querySelectorAll('[data-message-id][data-read="1"]').length === 2, { timeout: 5_000 });
    expect(await untouched(b)).toBe(true);
    await screenshot(a, 'chat-alice');
    await screenshot(b, 'chat-bob');
  });

  it('pushes an announcement from the staff form to members live, as a toast, and keeps it in their announcements', async () => {
    const sup = await app.factories.createUser({ privileges: ['super'] });
    const member = await app.factories.createUser();
    const staffPage = await (await aliceBrowser.createBrowserContext()).newPage();
    await staffPage.setViewport({ width: 1280, height: 900 });
    await signInBeforeVisit(staffPage, app, sup);
    const memberPage = await (await bobBrowser.createBrowserContext()).newPage();
    await memberPage.setViewport({ width: 390, height: 844 });
    await signInBeforeVisit(memberPage, app, member);
    await memberPage.goto(`${app.url}/player`);
    await memberPage.waitForSelector('header a[data-unread="0"]');
    await markDocument(memberPage);

    await staffPage.goto(`${app.url}/admin/messages`);
    await staffPage.locator('::-p-aria([name="Kind"])').wait();
    await staffPage.select('select', 'toNormals');
    const text = 'Servers restart at 22:00 UTC tonight.';
    await staffPage.locator('::-p-aria([name="Message"][role="textbox"])').fill(text);
    const posted = staffPage.waitForResponse((r) => r.url().endsWith('/api/message') && r.request().method() === 'POST');
    await click(staffPage, 'Send');
    expect((await posted).status()).toBe(201);
    await seeText(staffPage, 'Message sent.');

    await seeText(memberPage, `Announcement: ${text}`, 5_000);
    expect(await untouched(memberPage)).toBe(true);
    await click(memberPage, 'See the announcements', 'link');
    await seeText(memberPage, 'To members');
    await seeText(memberPage, text);
    await screenshot(memberPage, 'chat-announcement');
  });

  it('tells the sender clearly when the other member does not accept messages', async () => {
    const carol = await app.factories.createUser();
    const dave = await app.factories.createUser({ attr: { allowDM: false } });
    const page = await (await aliceBrowser.createBrowserContext()).newPage();
    await page.setViewport({ width: 390, height: 844 });
    await signInBeforeVisit(page, app, carol);
    await page.goto(`${app.url}/space/${dave.id}`);
    await seeText(page, dave.username);
    expect(await page.evaluate(() => document.body.innerText.includes('a message'))).toBe(false);
    await page.goto(`${app.url}/profile/chat?with=${dave.id}`);
    await seeText(page, `${dave.username} does not accept direct messages`);
    expect(await page.$('textarea')).toBeNull();
  });
});
