import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'puppeteer-core';
import { createTestApp, type TestApp } from '@server/test/harness';
import { openCase } from '@server/test/cases';
import { launchBrowser, screenshot, watchCaptchas } from './support/browser';
import { click, fill, seeText } from './support/page';
import { signInBeforeVisit } from './support/session';

/** Two browsers on one case: a reply posted in one appears in the other within a second, without reload. */
describe('live case page', () => {
  let app: TestApp;
  let writer: Browser;
  let reader: Browser;

  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true' } });
    [writer, reader] = await Promise.all([launchBrowser(), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all([writer?.close(), reader?.close()]);
    await app?.close();
  });

  it('shows a reply from one browser in the other within a second', async () => {
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { account } = await openCase(app, bot, { description: '<p>Opening evidence: tracking through walls.</p>' });
    const user = await app.factories.createUser();

    const a = await writer.newPage();
    await a.setViewport({ width: 1280, height: 900 });
    const captchas = watchCaptchas(a);
    await signInBeforeVisit(a, app, user);
    await a.goto(`${app.url}/player/${account.personaId}`);
    await seeText(a, 'Opening evidence: tracking through walls.');

    const b = await reader.newPage();
    await b.setViewport({ width: 390, height: 844 });
    await b.goto(`${app.url}/player/${account.personaId}`);
    await seeText(b, 'Opening evidence: tracking through walls.');
    // Marks this document: a reload would lose the mark.
    await b.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));

    const text = 'Same server last night, he knew where everyone was.';
    await a.locator('[contenteditable="true"]').click();
    await a.keyboard.type(text);
    await fill(a, 'Verification code', await captchas.answer());
    const posted = a.waitForResponse((r) => r.url().endsWith('/api/player/reply') && r.request().method() === 'POST');
    await click(a, 'Post reply');
    const response = await posted;
    expect(response.status()).toBe(200);
    const postedAt = Date.now();

    await b.waitForFunction((t) => document.body.innerText.includes(t), { timeout: 5_000 }, text);
    const delay = Date.now() - postedAt;
    expect(delay).toBeLessThan(1_000);
    expect(await b.evaluate(() => (window as unknown as { untouched?: boolean }).untouched)).toBe(true);
    await screenshot(b, 'live-case-reader');
  });

  it('newest first, page 1: a new entry appears on top at once; scrolled away, the button offers it', async () => {
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { account, dbId } = await openCase(app, bot, { description: '<p>First report: aim snaps through smoke.</p>' });
    const post = (text: string) =>
      app.request.post('/api/player/reply').set('x-access-token', bot).send({ data: { toPlayerId: dbId, content: `<p>${text}</p>` }, SKIP_CAPTCHA: true });

    const page = await reader.newPage();
    await page.setViewport({ width: 390, height: 844 });
    await page.goto(`${app.url}/player/${account.personaId}?order=desc`);
    await seeText(page, 'First report: aim snaps through smoke.');
    const entryTexts = () => page.$$eval('article', (list) => list.map((a) => (a as HTMLElement).innerText));

    expect((await post('Fresh reply: seen it again tonight.')).status).toBe(200);
    await seeText(page, 'Fresh reply: seen it again tonight.', 5_000);
    const entries = await entryTexts();
    expect(entries.findIndex((t) => t.includes('Fresh reply'))).toBeLessThan(entries.findIndex((t) => t.includes('First report')));
    expect(await page.evaluate(() => document.body.innerText.includes('new entr'))).toBe(false);

    // Scrolled down to the reply form: the entry waits behind the button.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect((await post('Later reply: while the reader was away.')).status).toBe(200);
    await seeText(page, '1 new entry', 5_000);
    expect(await page.evaluate(() => document.body.innerText.includes('Later reply'))).toBe(false);
  });

  it('a verdict given between the case read and the room join still reaches the header', async () => {
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { account, dbId } = await openCase(app, bot, { description: '<p>Report before the verdict: shots through the floor.</p>' });
    const admin = await app.factories.signedIn({ privileges: ['admin'] });

    const page = await reader.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await page.setRequestInterception(true);
    // The case is read as it is now, then judged before the page gets the answer (and joins the room).
    page.on('request', (r) => {
      if (new URL(r.url()).pathname !== '/api/player') return void r.continue();
      void (async () => {
        const stale = await (await fetch(r.url())).text();
        const judged = await app.request
          .post('/api/player/judgement')
          .set('x-access-token', admin.token)
          .send({ data: { toPlayerId: dbId, action: 'suspect', content: '<p>Suspect for now: the shots through the floor need a second look.</p>' } });
        expect(judged.status).toBe(200);
        await r.respond({ status: 200, contentType: 'application/json; charset=utf-8', body: stale });
      })();
    });
    await page.goto(`${app.url}/player/${account.personaId}`);
    await seeText(page, 'Report before the verdict: shots through the floor.');
    const header = () => page.$eval('section[aria-labelledby="case-name"]', (s) => (s as HTMLElement).innerText);
    await page.waitForFunction(() => document.querySelector('section[aria-labelledby="case-name"]')?.textContent?.includes('Suspect'), { timeout: 5_000 });
    expect(await header()).not.toContain('Unprocessed');
  });
});
