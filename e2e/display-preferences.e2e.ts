import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { createTestApp, type TestApp, type TestUser } from '@server/test/harness';
import { openCase } from '@server/test/cases';
import { launchBrowser } from './support/browser';
import { signInBeforeVisit } from './support/session';

type MediaFeature = { name: 'prefers-reduced-motion' | 'prefers-contrast'; value: string };
const NO_PREFERENCE: MediaFeature[] = [
  { name: 'prefers-reduced-motion', value: 'no-preference' },
  { name: 'prefers-contrast', value: 'no-preference' },
];

/**
 * Opens a path in a fresh context, in a theme, with the media features given (by default, no
 * preference). Through the DevTools protocol: page.emulateMediaFeatures refuses prefers-contrast.
 */
async function open(browser: Browser, app: TestApp, path: string, opts: { theme?: string; media?: MediaFeature[]; user?: TestUser } = {}) {
  const page = await (await browser.createBrowserContext()).newPage();
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setEmulatedMedia', { features: opts.media ?? NO_PREFERENCE });
  if (opts.user) await signInBeforeVisit(page, app, opts.user);
  else await page.goto(`${app.url}/favicon.svg`);
  await page.evaluate((theme) => localStorage.setItem('tribunal:preferences', JSON.stringify({ theme })), opts.theme ?? 'lightness');
  await page.goto(`${app.url}${path}`, { waitUntil: 'networkidle0' });
  return page;
}

/** Every element (and ::before, ::after) that moves: a transition or an animation longer than a millisecond. */
function moving(page: Page) {
  return page.evaluate(() => {
    const seconds = (list: string) => Math.max(...list.split(',').map((d) => parseFloat(d) * (d.trim().endsWith('ms') ? 0.001 : 1)));
    const found: string[] = [];
    for (const el of document.querySelectorAll('*')) {
      for (const pseudo of [null, '::before', '::after']) {
        const s = getComputedStyle(el, pseudo);
        const transition = seconds(s.transitionDuration) + seconds(s.transitionDelay);
        const animation = s.animationName !== 'none' ? seconds(s.animationDuration) * (s.animationIterationCount === 'infinite' ? Infinity : Number(s.animationIterationCount)) : 0;
        if (transition > 0.001 || animation > 0.001) found.push(`${el.tagName.toLowerCase()}.${String(el.className)}${pseudo ?? ''}`);
      }
    }
    return found;
  });
}

/**
 * The contrast against the page background of a colour the page computes: the border of a text field
 * without focus, and the muted and subtle text tokens as an element takes them.
 */
function contrasts(page: Page) {
  return page.evaluate(() => {
    const probe = document.createElement('span');
    document.body.append(probe);
    const rgb = (colour: string) => {
      probe.style.color = colour;
      const c = getComputedStyle(probe).color;
      const srgb = /color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)/.exec(c);
      if (srgb) return [1, 2, 3].map((i) => Number(srgb[i]));
      return c.match(/[\d.]+/g)!.slice(0, 3).map((n) => Number(n) / 255);
    };
    const luminance = (colour: string) => {
      const [r, g, b] = rgb(colour).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const bg = getComputedStyle(document.body).backgroundColor;
    const ratio = (fg: string) => {
      const [hi, lo] = [luminance(fg), luminance(bg)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    const field = document.querySelector('main input:not([type=hidden]):not(:focus)')!;
    const result = {
      fieldBorder: ratio(getComputedStyle(field).borderTopColor),
      muted: ratio('var(--color-text-muted)'),
      subtle: ratio('var(--color-text-subtle)'),
      border: ratio('var(--color-border)'),
    };
    probe.remove();
    return result;
  });
}

/** What reaches past the right or left edge of the window, outside a box that scrolls sideways on purpose. */
function overflowing(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrollsSideways = (el: Element | null): boolean => {
      for (let p = el?.parentElement; p && p !== document.body; p = p.parentElement) {
        const x = getComputedStyle(p).overflowX;
        if (x === 'auto' || x === 'scroll' || x === 'hidden' || x === 'clip') return true;
      }
      return false;
    };
    const out = [...document.querySelectorAll('body *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && (r.right > width + 1 || r.left < -1) && !scrollsSideways(el);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className)}`);
    return { pageScrollsSideways: document.documentElement.scrollWidth > width + 1, out: out.slice(0, 8) };
  });
}

/** Reduced motion, more contrast and 200 % zoom: the page follows what the visitor's system asks. */
describe('display preferences (reduced motion, more contrast, 200 % zoom)', () => {
  let app: TestApp;
  let browser: Browser;
  let member: TestUser;
  let casePath: string;

  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true' } });
    browser = await launchBrowser();
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { account } = await openCase(app, bot, { description: '<p>Zoom evidence: a wallhack on Amiens, round two.</p>' });
    casePath = `/player/${account.personaId}`;
    member = await app.factories.createUser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('prefers-reduced-motion: reduce stops every transition and animation, those a component will add too', async () => {
    // A newcomer that declares its own motion, not through the duration tokens of styles/tokens.css.
    const addMover = (page: Page) =>
      page.evaluate(() => {
        const mover = document.createElement('div');
        mover.className = 'newcomer';
        mover.style.cssText = 'transition: opacity 300ms ease; animation: 1s linear infinite both newcomer-spin;';
        document.querySelector('main')!.append(mover);
      });
    const still = await open(browser, app, '/signin', { media: [{ name: 'prefers-reduced-motion', value: 'reduce' }] });
    await addMover(still);
    expect(await moving(still)).toEqual([]);
    // The same page without the preference moves (buttons, fields, the newcomer): the check above looked at them.
    const usual = await open(browser, app, '/signin');
    await addMover(usual);
    const moves = await moving(usual);
    expect(moves).toContain('div.newcomer');
    expect(moves.length).toBeGreaterThan(1);
  });

  it.each([['lightness'], ['dark'], ['BlueDeep']])('prefers-contrast: more, %s: secondary text at 7:1 or more, borders and fields at 3:1 or more, each stronger than without', async (theme) => {
    const usual = await contrasts(await open(browser, app, '/signin', { theme }));
    const more = await contrasts(await open(browser, app, '/signin', { theme, media: [{ name: 'prefers-contrast', value: 'more' }] }));
    expect(more.muted).toBeGreaterThanOrEqual(7);
    expect(more.subtle).toBeGreaterThanOrEqual(7);
    expect(more.border).toBeGreaterThanOrEqual(3);
    expect(more.fieldBorder).toBeGreaterThanOrEqual(3);
    for (const key of ['muted', 'subtle', 'border', 'fieldBorder'] as const) expect(more[key], key).toBeGreaterThan(usual[key]);
  });

  // 200 % zoom of a 1280 × 800 window: a 640 × 400 CSS-pixel viewport drawn at two device pixels per CSS pixel (WCAG 1.4.4, 1.4.10).
  it.each([
    ['the home page', (): string => '/', false],
    ['a case', (): string => casePath, false],
    ['the sign-in', (): string => '/signin', false],
    ['the report form', (): string => '/report', true],
  ] as const)('zoomed to 200 per cent, %s: nothing runs past the window sideways; the main menu opens and leads on', async (_, path, signedIn) => {
    const page = await open(browser, app, path(), { user: signedIn ? member : undefined });
    await page.setViewport({ width: 640, height: 400, deviceScaleFactor: 2 });
    await page.waitForSelector('main h1');
    expect(await overflowing(page)).toEqual({ pageScrollsSideways: false, out: [] });
    // The main menu: in the header, or behind its menu button.
    const inHeader = await page.$$eval('header nav a', (links) => links.filter((a) => a.getBoundingClientRect().width > 0).length);
    if (inHeader === 0) {
      await page.locator('::-p-aria([name="Open menu"][role="button"])').click();
      // A locator waits for the drawer to stop sliding in and retries if the link is drawn again.
      await page.locator('[role="dialog"] a[href="/player"]').click();
    } else {
      await page.click('header nav a[href="/player"]');
    }
    await page.waitForFunction(() => location.pathname === '/player', { timeout: 10_000 });
    await page.waitForSelector('main h1');
    expect(await overflowing(page)).toEqual({ pageScrollsSideways: false, out: [] });
  });
});
