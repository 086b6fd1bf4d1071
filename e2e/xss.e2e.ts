import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { createTestApp, type TestApp } from '@server/test/harness';
import { openCase } from '@server/test/cases';
import { expectError, expectOk } from '@server/test/expect';
import { launchBrowser } from './support/browser';
import { seeText } from './support/page';
import { signInBeforeVisit } from './support/session';
import { XSS_CORPUS } from './support/xss-corpus';

/**
 * Every rendered text field gets the XSS corpus through the API, then the pages that show it are
 * opened in Chromium with the Content-Security-Policy switched OFF: what is checked is our
 * sanitiser and renderer alone, not the CSP that backs them up. Nothing may run, and the DOM may
 * hold no handler attribute, script-bearing address or active element.
 */
const chunks = <T,>(xs: T[], size: number) => Array.from({ length: Math.ceil(xs.length / size) }, (_, i) => xs.slice(i * size, i * size + size));
const html = (payloads: Array<[string, string]>, label: string) => `<p>${label}: evidence reviewed at full speed.</p>${payloads.map(([, p]) => `<p>${p}</p>`).join('')}`;

interface Watched {
  page: Page;
  hits: string[];
}
async function watchedPage(browser: Browser): Promise<Watched> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setBypassCSP(true);
  const hits: string[] = [];
  await page.exposeFunction('__xss', (id: string) => void hits.push(String(id)));
  page.on('dialog', (d) => {
    hits.push(`dialog:${d.message()}`);
    void d.dismiss();
  });
  return { page, hits };
}

/** Hovers, focuses and clicks nothing that navigates: gives mouse and focus handlers their chance. */
async function poke(page: Page) {
  for (const handle of await page.$$('#root a, #root span, #root img, #root p')) {
    await handle.hover().catch(() => undefined);
  }
  for (let i = 0; i < 40; i++) await page.keyboard.press('Tab');
  await new Promise((r) => setTimeout(r, 800));
}

/** Anything on the page that could run script; active elements are looked for inside rendered user text. */
const dangerousDom = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) {
        const value = el.getAttribute(attr) ?? '';
        if (/^on/i.test(attr)) found.push(`${el.tagName} ${attr}`);
        if (/^(href|src|action|formaction|xlink:href|data|srcdoc|srcset|background|poster)$/i.test(attr) && /^\s*(javascript|vbscript|data:text\/html)/i.test(value.replace(/[\u0000-\u001f]/g, ''))) found.push(`${el.tagName} ${attr}=${value.slice(0, 40)}`);
        if (attr === 'style' && /(expression|javascript:|behavior)/i.test(value)) found.push(`${el.tagName} style`);
      }
    }
    for (const el of document.querySelectorAll('[class*="richText"] *')) {
      if (/^(SCRIPT|IFRAME|OBJECT|EMBED|BASE|META|LINK|STYLE|FORM|INPUT|BUTTON|TEMPLATE|NOSCRIPT|SVG|MATH)$/i.test(el.tagName)) found.push(`in text: ${el.tagName}`);
    }
    return found;
  });

describe('the XSS corpus through every rendered text field', () => {
  let app: TestApp;
  let browser: Browser;
  let casePath: string;
  let spacePath: string;
  let reader: Awaited<ReturnType<TestApp['factories']['createUser']>>;
  let writerId: number;

  beforeAll(async () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(50);
    app = await createTestApp({ env: { SERVE_CLIENT: 'true' } });
    browser = await launchBrowser();
    const [first, second, third, fourth, fifth, ...rest] = chunks(XSS_CORPUS, 12);
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    // Report description and replies.
    const { account, dbId } = await openCase(app, bot, { description: html(first!, 'Report') });
    casePath = `/player/${account.personaId}`;
    expectOk(await app.request.post('/api/player/reply').set('x-access-token', bot).send({ data: { toPlayerId: dbId, content: html(second!, 'Reply') }, SKIP_CAPTCHA: true }), 'reply.success');
    // A judgement's reasoning, then an appeal's text on the case it made a suspect.
    const { token: superToken } = await app.factories.signedIn({ privileges: ['super'] });
    expectOk(await app.request.post('/api/player/judgement').set('x-access-token', superToken).send({ data: { toPlayerId: dbId, action: 'suspect', content: html(third!, 'Verdict') } }), 'judgement.success');
    const appeal = await app.request.post('/api/player/banAppeal').set('x-access-token', superToken).send({ data: { toPlayerId: dbId, appealType: 'other', content: html(fourth!, 'Appeal') } });
    expect(appeal.status, JSON.stringify(appeal.body)).toBeLessThan(300);
    // A direct message, and a profile introduction.
    reader = await app.factories.createUser({ attr: { allowDM: true } });
    const writer = await app.factories.signedIn({ attr: { allowDM: true, introduction: '' } });
    writerId = writer.user.id;
    expectOk(await app.request.post('/api/message').set('x-access-token', writer.token).send({ data: { type: 'direct', toUserId: reader.id, content: html(fifth!, 'Message') } }), 'message.success', 201);
    const intro = await app.request.post('/api/user/me').set('x-access-token', writer.token).send({ data: { attr: { introduction: html(rest.flat(), 'Introduction') } } });
    expectOk(intro, 'me.success');
    expect(intro.body.data.attr.introduction).toContain('Introduction: evidence');
    spacePath = `/space/${writer.user.id}`;
    // A tool submission (plain text fields), approved so that the directory shows it.
    const tool = await app.request
      .post('/api/tools/submit')
      .set('x-access-token', writer.token)
      .send({ data: { name: `<img src=x onerror=__xss('tool-name')>`, description: `Tool text: ${XSS_CORPUS.slice(0, 5).map(([, p]) => p).join(' ')}`.slice(0, 400), tags: ['web'], websiteUrl: 'https://tool.example' } });
    expect(tool.status, JSON.stringify(tool.body)).toBe(201);
    const { token: adminToken } = await app.factories.signedIn({ privileges: ['admin'] });
    expectOk(await app.request.post('/api/admin/tools/review').set('x-access-token', adminToken).send({ data: { id: tool.body.data.id, action: 'approve' } }), 'toolReview.success');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('refuses markup as a username', async () => {
    const account = app.directory.freshAccount();
    const res = await app.request
      .post('/api/user/signup')
      .send({ data: { username: `<img src=x onerror=__xss(1)>`, password: 'xss-pass-12', originEmail: account.email, originName: account.name }, captcha: await app.solveCaptcha() });
    expectError(res, 400, 'signup.bad');
  });

  it('runs nothing on the case page: report, reply, verdict and appeal', async () => {
    const { page, hits } = await watchedPage(browser);
    await page.goto(`${app.url}${casePath}`);
    for (const label of ['Report: evidence', 'Reply: evidence', 'Verdict: evidence', 'Appeal: evidence']) await seeText(page, label);
    // The harmless parts survive: link texts and styled text are still there.
    await seeText(page, 'a javascript link');
    await poke(page);
    expect(hits).toEqual([]);
    expect(await dangerousDom(page)).toEqual([]);
  });

  it('runs nothing in the chat and on the user page', async () => {
    const { page, hits } = await watchedPage(browser);
    await signInBeforeVisit(page, app, reader);
    await page.goto(`${app.url}/profile/chat?with=${writerId}`);
    await seeText(page, 'Message: evidence');
    await poke(page);
    await page.goto(`${app.url}${spacePath}`);
    await seeText(page, 'Introduction: evidence');
    await poke(page);
    expect(hits).toEqual([]);
    expect(await dangerousDom(page)).toEqual([]);
  });

  it('runs nothing in the tools directory', async () => {
    const { page, hits } = await watchedPage(browser);
    await page.goto(`${app.url}/apps?tag=web`);
    await seeText(page, 'Tool text:');
    await seeText(page, "onerror=__xss('tool-name')");
    await poke(page);
    expect(hits).toEqual([]);
    expect(await dangerousDom(page)).toEqual([]);
  });

  it('would notice a payload that runs (the harness is live)', async () => {
    const { page, hits } = await watchedPage(browser);
    await page.goto(`${app.url}/about`);
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.setAttribute('onerror', "__xss('control')");
      img.src = 'x-missing';
      document.body.append(img);
    });
    await page.waitForFunction(() => true);
    await new Promise((r) => setTimeout(r, 500));
    expect(hits).toEqual(['control']);
    expect(await dangerousDom(page)).toContain('IMG onerror');
  });
});
