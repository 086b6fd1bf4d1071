import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { createTestApp, type TestApp, type TestUser } from '@server/test/harness';
import { openCase } from '@server/test/cases';
import { SCREENS, type ScreenName } from '@shared/screens';
import { THEMES } from '@shared/languages';
import { launchBrowser } from './support/browser';
import { signInBeforeVisit } from './support/session';
import { axeFindings, COLOUR_RULES, WCAG21_AA, type Finding } from './support/axe';
import { MEMBER_SCREENS, PHONE_THEMED_SCREENS, PUBLIC_SCREENS, REDIRECTS, SCREENS_OF, STAFF_ONLY, THEMED_SCREENS_OF, pathOf, type Role, type ScreenData } from './support/audited-screens';

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];
const [DEFAULT_THEME, ...OTHER_THEMES] = THEMES;
/** The screens a role's run sees in every theme: all of its themed screens at the desktop width, the phone's chrome at the phone width. */
const themedScreens = (role: Role, width: number): readonly ScreenName[] => (width === WIDTHS[0]!.width ? THEMED_SCREENS_OF[role] : PHONE_THEMED_SCREENS);

/** Waits until the screen has its data: no request in flight for a moment, no spinner, no list still loading. */
async function settled(page: Page, path: string) {
  await page.waitForNetworkIdle({ idleTime: 150, timeout: 15_000 }).catch(() => undefined);
  const ready = () => document.querySelector('#root')?.childElementCount && !document.querySelector('[aria-busy="true"], span[role="status"][aria-label]');
  await page.waitForFunction(ready, { timeout: 10_000 }).catch(() => console.log(`${path}: still loading after 10 s`));
}

/**
 * Opens a screen as the app's own links do, without loading the page again: the router follows the
 * history (client/routes.tsx), and axe-core, once injected, stays. The first screen loads the page.
 */
async function visit(page: Page, url: string, path: string) {
  if (!page.url().startsWith(url) || page.url().endsWith('/favicon.svg')) {
    await page.goto(`${url}${path}`);
  } else {
    await page.evaluate((to) => {
      history.pushState({ idx: ((history.state as { idx?: number } | null)?.idx ?? 0) + 1, key: Math.random().toString(36).slice(2, 10), usr: null }, '', to);
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
    }, path);
  }
  await settled(page, path);
}

/**
 * Switches the theme as the preferences do (client/state/preferences.ts). axe-core reads computed
 * styles, which follow at once when nothing transitions; a transition still running is waited for.
 */
async function useTheme(page: Page, theme: string) {
  await page.evaluate(async (t) => {
    document.documentElement.dataset.theme = t;
    getComputedStyle(document.body).color;
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  }, theme);
}

interface Seen extends Finding {
  role: Role;
  width: number;
  theme: string;
  path: string;
}

/** One line per problem, with the screens it was found on. */
function report(seen: Seen[]): string[] {
  const byProblem = new Map<string, string[]>();
  for (const s of seen) {
    const key = `${s.rule} (${s.impact}) theme ${s.theme}, ${s.width} px, ${s.role}: ${s.target} — ${s.summary}`;
    byProblem.set(key, [...(byProblem.get(key) ?? []), s.path]);
  }
  return [...byProblem].map(([key, paths]) => `${key} [on ${[...new Set(paths)].slice(0, 4).join(', ')}${paths.length > 4 ? ', …' : ''}]`);
}

/**
 * axe-core's WCAG 2.1 A and AA rules over every screen, signed out, as a member and as staff, at
 * desktop and phone widths: all rules in the default theme, then the colour rules in each other
 * theme on the same loaded page (every screen at the desktop width, the phone's chrome at the phone
 * width). Any serious or critical violation fails.
 */
describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  let app: TestApp;
  let browser: Browser;
  let data: ScreenData;
  const users = {} as Record<Exclude<Role, 'visitor'>, TestUser>;

  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true' } });
    browser = await launchBrowser();
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { account, dbId } = await openCase(app, bot, { description: '<p>Aimbot on Amiens: every shot lands on the head, see <a href="https://www.youtube.com/watch?v=evidence">the video</a> from round two.</p>' });
    await openCase(app, bot);
    const member = await app.factories.signedIn();
    const staff = await app.factories.signedIn({ privileges: ['root'] });
    users.member = member.user;
    users.staff = staff.user;
    // What fills the screens: a verdict and a reply on the case, a followed case, a warning in the member's inbox.
    const writes = [
      app.request.post('/api/player/judgement').set('x-access-token', staff.token).send({ data: { toPlayerId: dbId, action: 'suspect', content: '<p>Show us a recording of a whole round.</p>' } }),
      app.request.post('/api/player/reply').set('x-access-token', member.token).send({ data: { toPlayerId: dbId, content: '<p>Same player on <a href="https://example.com/match">this match</a> too.</p>' }, captcha: await app.solveCaptcha() }),
      app.request.post('/api/user/subscribes/add').set('x-access-token', member.token).send({ playerIds: [dbId] }),
      app.request.post('/api/message').set('x-access-token', staff.token).send({ data: { type: 'warn', toUserId: member.user.id, content: '<p>Mind the rules, please.</p>' } }),
    ];
    for (const res of await Promise.all(writes)) {
      if (res.status >= 300) throw new Error(`a write of the setup answered ${res.status} ${JSON.stringify(res.body)}`);
    }
    data = { ouid: account.personaId, uId: member.user.id, content: account.name, name: 'antiCheatRules' };
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('audits every screen: each is listed for a role or is a redirect to one', () => {
    const listed = new Set<string>([...PUBLIC_SCREENS, ...MEMBER_SCREENS, ...STAFF_ONLY, ...REDIRECTS]);
    expect(Object.keys(SCREENS).filter((s) => !listed.has(s))).toEqual([]);
  });

  it('while the data is on its way: the loading placeholders pass too', async () => {
    const page = await (await browser.createBrowserContext()).newPage();
    await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    await signInBeforeVisit(page, app, users.staff);
    // The API's answers are held back for as long as the test looks; everything else loads.
    await page.setRequestInterception(true);
    page.on('request', (r) => {
      if (!new URL(r.url()).pathname.startsWith('/api/')) void r.continue();
    });
    const seen: string[] = [];
    for (const path of ['/', '/apps', '/player', `/player/${data.ouid}`, '/profile/information', '/admin/logs']) {
      await page.goto(`${app.url}${path}`);
      await page.waitForSelector('main [aria-busy="true"]', { timeout: 10_000 });
      for (const f of await axeFindings(page, WCAG21_AA)) seen.push(`${f.rule} (${f.impact}) on ${path}: ${f.target} — ${f.summary}`);
    }
    expect(seen).toEqual([]);
  });

  const CASES = (['visitor', 'member', 'staff'] as const).flatMap((role) => WIDTHS.map((size) => [role, size.width, size] as const));
  it.each(CASES)('%s at %i px: no serious or critical violation on any screen, in any theme', async (role, width, size) => {
    const started = Date.now();
    const page = await (await browser.createBrowserContext()).newPage();
    // Contrast is read from the colours at rest: a transition still running while the theme changes reads half-way colours.
    await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
    await page.setViewport(size);
    if (role !== 'visitor') await signInBeforeVisit(page, app, users[role]);
    const seen: Seen[] = [];
    const sentToSignIn: string[] = [];
    let runs = 0;
    for (const screen of SCREENS_OF[role] as ScreenName[]) {
      const path = pathOf(screen, data);
      await visit(page, app.url, path);
      if (role !== 'visitor' && (await page.evaluate(() => location.pathname)) === SCREENS.signin) sentToSignIn.push(path);
      const found = (theme: string) => (f: Finding) => seen.push({ ...f, role, width, theme, path });
      (await axeFindings(page, WCAG21_AA)).forEach(found(DEFAULT_THEME));
      runs += 1;
      for (const theme of themedScreens(role, width).includes(screen) ? OTHER_THEMES : []) {
        await useTheme(page, theme);
        (await axeFindings(page, COLOUR_RULES)).forEach(found(theme));
        runs += 1;
      }
      await useTheme(page, DEFAULT_THEME);
    }
    const perRule = [...new Set(seen.map((s) => s.rule))].map((rule) => `${rule} ${seen.filter((s) => s.rule === rule).length}`);
    console.log(`${role}, ${width} px: ${runs} axe runs in ${((Date.now() - started) / 1000).toFixed(1)} s; elements in violation per rule: ${perRule.join(', ') || 'none'}`);
    expect(sentToSignIn, 'the session was lost: these screens were not audited').toEqual([]);
    expect(report(seen)).toEqual([]);
    // A role's desktop round: up to 230 axe runs, a minute or more on a busy 2-core machine.
  }, 300_000);
});
