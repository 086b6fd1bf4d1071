import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import en from '@locales/en-US.json';
import { createTestApp, unique, type TestApp } from '@server/test/harness';
import { report } from '@server/test/cases';
import { launchBrowser, screenshot } from './support/browser';
import { seeText } from './support/page';
import { typeDebounced } from './support/typing';

const BOX = 'header input[role="combobox"]';
/** The chunk of the box's combobox and its library (client/layout/SearchCombobox.tsx), fetched once the wide header is drawn. */
const COMBOBOX_CHUNK = 'SearchCombobox';

/** The header box's state as assistive tech reads it. */
const boxState = (page: Page) =>
  page.$eval(BOX, (input) => {
    const list = document.getElementById(input.getAttribute('aria-controls')!);
    const active = input.getAttribute('aria-activedescendant');
    return {
      expanded: input.getAttribute('aria-expanded'),
      value: (input as HTMLInputElement).value,
      listRole: list?.getAttribute('role') ?? null,
      listVisible: !!list && list.getClientRects().length > 0,
      options: list ? [...list.querySelectorAll('[role="option"]')].map((o) => (o as HTMLElement).innerText.replace(/\s+/g, ' ').trim()) : [],
      active: active ? (document.getElementById(active)?.innerText.replace(/\s+/g, ' ').trim() ?? 'missing') : null,
      activeHighlighted: active ? document.getElementById(active)?.hasAttribute('data-highlighted') : null,
    };
  });

/** Every search request the page sends, as `param|limit`. */
function watchSearches(page: Page) {
  const asked: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/search') asked.push(`${url.searchParams.get('param')}|${url.searchParams.get('limit')}`);
  });
  return asked;
}

/**
 * Clicks the header box. The placeholder box is swapped for the combobox as its library arrives
 * (client/layout/HeaderSearch.tsx; the hand-over itself is tested below): a locator clicks again
 * when the node it found leaves the page before the click.
 */
const clickBox = (page: Page) => page.locator(BOX).click();

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Both boxes ask this long after the last keystroke. */
const DEBOUNCE_MS = 300;

/** One question for the whole text; another only for a text the typist (a busy machine) left standing for the debounce. */
function expectDebounced(asked: string[], typed: { final: string; mayAsk: Set<string> }, limit: number) {
  expect(asked.at(-1)).toBe(`${typed.final}|${limit}`);
  for (const question of asked) expect([...typed.mayAsk].map((text) => `${text}|${limit}`)).toContain(question);
  expect(new Set(asked).size).toBe(asked.length);
}

/** The header's live search box: suggestions while typing, by keyboard and by mouse; the search page following its box. */
describe('live search', () => {
  let app: TestApp;
  let browser: Browser;
  let personaId: string;
  let name: string;

  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true' } });
    browser = await launchBrowser();
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    // A prefix no other name of this run shares.
    const account = app.directory.freshAccount({ name: unique('Vexmarrow').replace(/-/g, '_') });
    const res = await report(app, bot, account, { description: '<p>Live search evidence: aimbot on Sinai.</p>' });
    expect(res.status).toBe(200);
    personaId = account.personaId;
    name = account.name;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** The home page in a context of its own (no preferences left by another test). */
  async function home(width = 1366) {
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport({ width, height: 900 });
    await page.goto(`${app.url}/`);
    await page.waitForSelector('header nav a');
    return page;
  }

  it('suggests the case for part of its name after one debounced request; ArrowDown + Enter opens its page', async () => {
    const page = await home();
    const asked = watchSearches(page);
    await clickBox(page);
    const typed = await typeDebounced(page, 'vexmarr', DEBOUNCE_MS);
    await page.waitForFunction((box) => document.querySelector(box)!.getAttribute('aria-expanded') === 'true', { timeout: 10_000 }, BOX);
    const open = await boxState(page);
    expect(open.listRole).toBe('listbox');
    expect(open.listVisible).toBe(true);
    expect(open.options).toHaveLength(2);
    expect(open.options[0]).toContain(name);
    expect(open.options[0]).toContain(en.caseStatus.unprocessed);
    expect(open.options[0]).toContain('BF1');
    expect(open.options[1]).toBe(en.nav.seeAll.replace('{{text}}', 'vexmarr'));
    expect(open.active).toBeNull();
    // Seven keystrokes, one question, for the whole text, five suggestions at most.
    expectDebounced(asked, typed, 5);
    await screenshot(page, 'live-search-suggestions');

    await page.keyboard.press('ArrowDown');
    const highlighted = await boxState(page);
    expect(highlighted.active).toContain(name);
    expect(highlighted.activeHighlighted).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction((p) => location.pathname === p, { timeout: 10_000 }, `/player/${personaId}`);
    await seeText(page, 'Live search evidence: aimbot on Sinai.');
    expect(await page.$eval(BOX, (i) => (i as HTMLInputElement).value)).toBe('');
  });

  it('asks nothing for two characters; Escape closes the list and keeps the text; a click outside closes it too', async () => {
    const page = await home();
    const asked = watchSearches(page);
    await clickBox(page);
    await page.keyboard.type('ve');
    await pause(900);
    expect(asked).toEqual([]);
    expect((await boxState(page)).expanded).toBe('false');

    await page.keyboard.type('x');
    await page.waitForFunction((box) => document.querySelector(box)!.getAttribute('aria-expanded') === 'true', { timeout: 10_000 }, BOX);
    expect(asked).toEqual(['vex|5']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    const closed = await boxState(page);
    expect(closed).toMatchObject({ expanded: 'false', listVisible: false, value: 'vex', active: null });

    // ArrowDown opens it again; a click elsewhere on the page closes it.
    await page.keyboard.press('ArrowDown');
    expect((await boxState(page)).expanded).toBe('true');
    const blank = await page.$eval('main', (main) => {
      const r = main.getBoundingClientRect();
      return { x: r.left + 4, y: r.top + 4 };
    });
    await page.mouse.click(blank.x, blank.y);
    expect((await boxState(page)).expanded).toBe('false');
  });

  it('Enter with nothing highlighted opens the search page; a click on a suggestion opens the case', async () => {
    const page = await home();
    await clickBox(page);
    await page.keyboard.type('vexmarrow');
    await page.waitForFunction((box) => document.querySelector(box)!.getAttribute('aria-expanded') === 'true', { timeout: 10_000 }, BOX);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname === '/search/vexmarrow', { timeout: 10_000 });
    await seeText(page, name);

    await clickBox(page);
    await page.keyboard.type('marrow');
    await page.waitForFunction((box) => document.querySelector(box)!.getAttribute('aria-expanded') === 'true', { timeout: 10_000 }, BOX);
    const option = await page.waitForSelector('header [role="listbox"] [role="option"]');
    await option!.click();
    await page.waitForFunction((p) => location.pathname === p, { timeout: 10_000 }, `/player/${personaId}`);
    expect((await boxState(page)).expanded).toBe('false');
  });

  it('a refused or failed search shows a quiet line and still offers the search page', async () => {
    const page = await home();
    await page.setRequestInterception(true);
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/search') void r.respond({ status: 429, contentType: 'application/json', body: JSON.stringify({ success: 0, code: 'request.rateLimited', message: 'slow down' }) });
      else void r.continue();
    });
    await clickBox(page);
    await page.keyboard.type('vexmarr');
    await page.waitForFunction((box) => document.querySelector(box)!.getAttribute('aria-expanded') === 'true', { timeout: 10_000 }, BOX);
    await seeText(page, en.nav.suggestionsFailed);
    expect((await boxState(page)).options).toEqual([en.nav.seeAll.replace('{{text}}', 'vexmarr')]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname === '/search/vexmarr', { timeout: 10_000 });
  });

  it('the search page follows its own box as you type, replacing the address instead of adding history', async () => {
    const page = await home();
    await page.goto(`${app.url}/search`);
    const input = await page.waitForSelector('#search-text');
    const entries = await page.evaluate(() => history.length);
    const asked = watchSearches(page);
    await input!.focus();
    const first = await typeDebounced(page, 'vexmarrow', DEBOUNCE_MS);
    await page.waitForFunction(() => location.pathname === '/search/vexmarrow', { timeout: 10_000 });
    await seeText(page, name);
    expectDebounced(asked, first, 20);
    // The new address is the same page: focus stays in the box being typed into.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-text');
    const second = await typeDebounced(page, '_nobody', DEBOUNCE_MS);
    await page.waitForFunction(() => location.pathname === '/search/vexmarrow_nobody', { timeout: 10_000 });
    await seeText(page, en.search.empty.replace('{{param}}', 'vexmarrow_nobody'));
    expect(await page.evaluate(() => history.length)).toBe(entries);
    expectDebounced(asked.slice(asked.indexOf('vexmarrow|20') + 1), second, 20);

    // A search from the header puts its text in the page's box, and the box leaves it there.
    await clickBox(page);
    await page.keyboard.type('marrow');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (document.querySelector('#search-text') as HTMLInputElement).value === 'marrow', { timeout: 10_000 });
    await seeText(page, name);
    await pause(700);
    expect(new URL(page.url()).pathname).toBe('/search/marrow');
    expect(await page.$eval('#search-text', (i) => (i as HTMLInputElement).value)).toBe('marrow');
  });

  it('the search page switches between players, comments and users while the tab it leaves shows results', async () => {
    const page = await home();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${app.url}/search/sinai`);
    const tab = async (label: string) => {
      // Searches are limited to 5 a second per address (the original's limit).
      await pause(1000);
      const [button] = await page.$$(`xpath/.//*[@role="tab"][normalize-space()="${label}"]`);
      await button!.click();
    };
    // Comments first: the report's text holds the word.
    await tab(en.search.types.comment);
    await seeText(page, 'Live search evidence');
    await tab(en.search.types.player);
    await seeText(page, en.search.empty.replace('{{param}}', 'sinai'));
    await page.goto(`${app.url}/search/vexmarrow`);
    await seeText(page, name);
    await tab(en.search.types.comment);
    await seeText(page, en.search.emptyText.comment);
    await tab(en.search.types.user);
    await seeText(page, en.search.emptyText.user);
    await tab(en.search.types.player);
    await seeText(page, name);
    expect(errors).toEqual([]);
  });

  it.each([['en-US', 1366], ['ar-EG', 1366], ['de-DE', 1101]])('%s at %i px: the list opens below the box, whole on the screen', async (language, width) => {
    const page = await home(width);
    await page.evaluate((p) => localStorage.setItem('tribunal:preferences', JSON.stringify(p)), { theme: 'lightness', textSize: 'default', language });
    await page.reload();
    await page.waitForSelector('header nav a');
    await clickBox(page);
    await page.keyboard.type('vexmarr');
    await page.waitForFunction((box) => document.querySelector(box)!.getAttribute('aria-expanded') === 'true', { timeout: 10_000 }, BOX);
    const { box, list, screen } = await page.$eval(BOX, (input) => {
      const list = document.getElementById(input.getAttribute('aria-controls')!)!.parentElement!.getBoundingClientRect();
      const box = input.getBoundingClientRect();
      return { box: { bottom: box.bottom }, list: { top: list.top, left: list.left, right: list.right }, screen: document.documentElement.clientWidth };
    });
    expect(list.top).toBeGreaterThanOrEqual(box.bottom);
    expect(list.left).toBeGreaterThanOrEqual(0);
    expect(list.right).toBeLessThanOrEqual(screen);
    await screenshot(page, `live-search-${language}-${width}`);
  });

  it('typed into before its library arrives, the box hands the text, the caret and the focus to the combobox', async () => {
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport({ width: 1366, height: 900 });
    await page.setRequestInterception(true);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith(`/assets/${COMBOBOX_CHUNK}-`)) void held.then(() => r.continue());
      else void r.continue();
    });
    await page.goto(`${app.url}/`);
    const placeholder = await page.waitForSelector(BOX);
    expect(await boxState(page)).toMatchObject({ expanded: 'false', listRole: null });
    await placeholder!.click();
    await page.keyboard.type('marrow');
    await page.keyboard.press('Home');
    await page.evaluate((box) => ((window as unknown as { placeholder: Element }).placeholder = document.querySelector(box)!), BOX);

    release();
    await page.waitForFunction((box) => document.querySelector(box) !== (window as unknown as { placeholder: Element }).placeholder, { timeout: 10_000 }, BOX);
    expect(
      await page.$eval(BOX, (input) => {
        const i = input as HTMLInputElement;
        return { value: i.value, caret: [i.selectionStart, i.selectionEnd], focused: document.activeElement === i };
      }),
    ).toEqual({ value: 'marrow', caret: [0, 0], focused: true });
    // Typing goes on where the caret was, and the combobox suggests for the whole text.
    await page.keyboard.type('vex');
    await page.waitForFunction((box) => document.querySelector(box)!.getAttribute('aria-expanded') === 'true', { timeout: 10_000 }, BOX);
    const open = await boxState(page);
    expect(open.value).toBe('vexmarrow');
    expect(open.options[0]).toContain(name);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForFunction((p) => location.pathname === p, { timeout: 10_000 }, `/player/${personaId}`);
  });

  it('on a phone the header keeps its search icon, which opens the search page, and fetches no combobox', async () => {
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport({ width: 390, height: 900 });
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto(`${app.url}/`, { waitUntil: 'networkidle0' });
    expect(await page.$eval(BOX, (i) => i.getClientRects().length)).toBe(0);
    expect(scripts.filter((p) => p.startsWith(`/assets/${COMBOBOX_CHUNK}-`))).toEqual([]);
    await page.click(`header a[href="/search"][aria-label="${en.nav.search}"]`);
    await page.waitForSelector('#search-text');
    expect(new URL(page.url()).pathname).toBe('/search');
    // The icon opens the page to type into: the caret is in its box.
    await page.waitForFunction(() => document.activeElement?.id === 'search-text', { timeout: 10_000 });
  });
});
