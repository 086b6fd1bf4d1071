import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, ElementHandle, Page } from 'puppeteer-core';
import { createTestApp, type TestApp } from '@server/test/harness';
import { report } from '@server/test/cases';
import { launchBrowser, screenshot } from './support/browser';
import { click, seeText } from './support/page';
import { signInBeforeVisit } from './support/session';

const DAY = 86_400_000;

/** The statuses of the shown columns, left to right. */
const columnOrder = (page: Page) => page.$$eval('[data-testid="workflow-board"] > [data-column]', (list) => list.map((c) => Number(c.getAttribute('data-column'))));
/** The card ids in a column, top to bottom. */
const cardsIn = (page: Page, status: number) => page.$$eval(`[data-column-cards="${status}"] [data-card]`, (list) => list.map((c) => Number(c.getAttribute('data-card'))));

/** A point on an element: its middle, or near its bottom edge (a card's lower lines, away from its buttons). */
async function pointOn(handle: ElementHandle, where: 'middle' | 'low' = 'middle') {
  const box = await handle.boundingBox();
  if (!box) throw new Error('element not visible');
  return { x: box.x + box.width / 2, y: where === 'low' ? box.y + box.height - 6 : box.y + box.height / 2 };
}

/**
 * A real HTML5 drag in Chromium: the mouse presses on `from` and moves, Chromium starts the drag
 * and hands its data over (drag interception), then drag enter, over and drop happen at `to`.
 */
async function drag(page: Page, fromSelector: string, toSelector: string, where: 'middle' | 'low' = 'middle') {
  const from = await page.waitForSelector(fromSelector);
  await from!.scrollIntoView();
  const to = await page.waitForSelector(toSelector);
  const a = await pointOn(from!, where);
  const b = await pointOn(to!);
  await page.setDragInterception(true);
  await page.mouse.dragAndDrop(a, b, { delay: 100 });
  await page.setDragInterception(false);
}

/**
 * The workflow board: cases added through the import dialog and the add page, a card dragged to
 * another column and a column dragged to the front with real mouse events, a card moved by its
 * menu, the order kept over a reload, and a 7-day timer that came due while the browser was closed
 * archiving its card when the board opens again.
 */
describe('workflow board', () => {
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

  /** A case reported by a bot: its database id and game account. */
  async function openCase(name: string) {
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const res = await report(app, bot, app.directory.freshAccount({ name }));
    expect(res.status).toBe(200);
    return res.body.data as { dbId: number; originPersonaId: string };
  }

  /** Another admin's verdict making case `id` a suspect (status 2). */
  async function judgeSuspect(id: number) {
    const judge = await app.factories.signedIn({ privileges: ['admin'] });
    const verdict = await app.request
      .post('/api/player/judgement')
      .set('x-access-token', judge.token)
      .send({ data: { toPlayerId: id, action: 'suspect', content: '<p>Show us a recording, please.</p>' } });
    expect(verdict.status).toBe(200);
  }

  /** An admin signed in on a fresh browser profile (a board of its own) at this width. */
  async function adminPage(width: number, height: number) {
    const admin = await app.factories.createUser({ privileges: ['admin'] });
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport({ width, height });
    await signInBeforeVisit(page, app, admin);
    return page;
  }

  /** Adds case `id` through the add page (`query` finds it: `id=…` or `ouid=…`); its card lands in column 0. */
  async function addToBoard(page: Page, query: string, id: number) {
    await page.goto(`${app.url}/workflow/item/add?${query}`);
    await page.waitForSelector(`[data-found="${id}"]`);
    await click(page, 'Add to the board');
    await page.waitForSelector(`[data-column-cards="0"] [data-card="${id}"]`);
  }

  it('keeps cards and columns where they were dragged, and runs a timer that came due meanwhile', async () => {
    const tag = Math.random().toString(36).slice(2, 7);
    const { dbId: alpha } = await openCase(`WfAlpha${tag}`);
    const { dbId: beta } = await openCase(`WfBeta${tag}`);
    const { dbId: gamma } = await openCase(`WfGamma${tag}`);
    const admin = await app.factories.createUser({ privileges: ['admin'] });

    const page = await browser.newPage();
    await page.setViewport({ width: 1366, height: 900 });
    await signInBeforeVisit(page, app, admin);

    // The empty board, then the import dialog: search by name, tick the case, add it.
    await page.goto(`${app.url}/workflow`);
    await seeText(page, 'The board is empty');
    await click(page, 'Find and add cases', 'link');
    await page.waitForFunction(() => location.pathname === '/workflow/adds');
    const nameField = page.locator('::-p-aria([name="Player name"])');
    await nameField.fill(`WfAlpha${tag}`);
    await page.waitForSelector(`[data-hit="${alpha}"] input[type="checkbox"]`);
    expect(await page.$eval('[data-testid="workflow-import-results"]', (el) => getComputedStyle(el).maxHeight)).toBe('400px');
    expect(await page.$eval('dialog input[type="search"]', (el) => (el as HTMLInputElement).maxLength)).toBe(20);
    await page.click(`[data-hit="${alpha}"] input[type="checkbox"]`);
    await click(page, 'Add the chosen (1)');
    await page.waitForFunction(() => location.pathname === '/workflow');
    await page.waitForSelector(`[data-column-cards="0"] [data-card="${alpha}"]`);

    // The single add page, by case number.
    for (const id of [beta, gamma]) {
      await page.goto(`${app.url}/workflow/item/add?id=${id}`);
      await page.waitForSelector(`[data-found="${id}"]`);
      await click(page, 'Add to the board');
      await page.waitForFunction(() => location.pathname === '/workflow');
      await page.waitForSelector(`[data-card="${id}"]`);
    }
    expect(await cardsIn(page, 0)).toEqual([alpha, beta, gamma]);

    // Drag alpha into the "Suspect" column (2), and gamma above beta within column 0.
    await drag(page, `[data-card="${alpha}"]`, '[data-column-cards="2"]', 'low');
    await page.waitForFunction((id) => !!document.querySelector(`[data-column-cards="2"] [data-card="${id}"]`), {}, alpha);
    await drag(page, `[data-card="${gamma}"]`, `[data-card="${beta}"] button`, 'low');
    await page.waitForFunction((ids) => [...document.querySelectorAll('[data-column-cards="0"] [data-card]')].map((c) => Number(c.getAttribute('data-card'))).join() === ids, {}, `${gamma},${beta}`);

    // Drag column 2 by its title onto the first column: it becomes the first.
    expect((await columnOrder(page))[0]).toBe(0);
    await drag(page, '[data-column-handle="2"]', '[data-column-handle="0"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="workflow-board"] > [data-column]')?.getAttribute('data-column') === '2');

    // Without a mouse: the card menu moves beta to "Under discussion" (5).
    await page.locator(`::-p-aria([name="Actions for WfBeta${tag}"])`).click();
    await page.locator('::-p-aria([name="Move to: Under discussion"][role="menuitem"])').click();
    await page.waitForSelector(`[data-column-cards="5"] [data-card="${beta}"]`);
    await screenshot(page, 'workflow-board-1366');

    // A reload finds everything where it was left.
    const order = await columnOrder(page);
    await page.reload();
    await page.waitForSelector(`[data-card="${alpha}"]`);
    expect(await columnOrder(page)).toEqual(order);
    expect(order.slice(0, 3)).toEqual([2, 0, 1]);
    expect(await cardsIn(page, 2)).toEqual([alpha]);
    expect(await cardsIn(page, 0)).toEqual([gamma]);
    expect(await cardsIn(page, 5)).toEqual([beta]);

    // A 7-day archive timer on gamma, started from its detail dialog.
    await page.click(`[data-card="${gamma}"] button`);
    await page.waitForSelector('[data-testid="workflow-detail"]');
    await seeText(page, 'Latest entries');
    await screenshot(page, 'workflow-detail-1366');
    await click(page, 'Start the timer');
    await page.waitForSelector(`[data-card="${gamma}"] [data-task="archive"]`);
    await page.keyboard.press('Escape');
    const stored = await page.evaluate((id) => JSON.parse(localStorage.getItem('tribunal:workflow')!).meta[id].task, gamma);
    expect(stored).toMatchObject({ days: 7, action: 'archive' });
    expect(stored.dueAt - stored.startAt).toBe(7 * DAY);

    // The browser is closed for eight days: the timer started eight days ago.
    await page.goto('about:blank');
    await page.goto(`${app.url}/signin`);
    await page.evaluate(
      (id, day) => {
        const board = JSON.parse(localStorage.getItem('tribunal:workflow')!);
        const task = board.meta[id].task;
        task.startAt -= 8 * day;
        task.dueAt -= 8 * day;
        localStorage.setItem('tribunal:workflow', JSON.stringify(board));
      },
      gamma,
      DAY,
    );
    await page.goto(`${app.url}/workflow`);
    await seeText(page, `The timer of WfGamma${tag} ran out: the card was archived.`);
    expect(await page.$(`[data-card="${gamma}"]`)).toBeNull();
    await click(page, 'Archive (1)');
    await page.waitForSelector(`[data-testid="workflow-archive"] [data-archived="${gamma}"]`);
    await click(page, 'Restore');
    await page.waitForSelector(`[data-column-cards="0"] [data-card="${gamma}"]`);
    await page.keyboard.press('Escape');

    // Live: another admin's verdict makes beta a suspect (2), and its card moves there while the board is open.
    await judgeSuspect(beta);
    await page.waitForSelector(`[data-column-cards="2"] [data-card="${beta}"]`);
    await seeText(page, 'Cases on your board whose status changed: 1');
    await page.close();
  });

  it('moves a card judged while the board was still joining its live room, once it has joined', async () => {
    const { dbId: id } = await openCase(`WfLate${Math.random().toString(36).slice(2, 7)}`);
    const page = await adminPage(1366, 900);
    await addToBoard(page, `id=${id}`, id);

    // A slow link: what the server sends on the page's socket is held until the test lets it through,
    // so the board opens, reads its cases and waits to join while the case is judged.
    await page.evaluateOnNewDocument(() => {
      const Real = window.WebSocket;
      const held: Array<() => void> = [];
      let holding = true;
      (window as unknown as { releaseRealtime: () => void }).releaseRealtime = () => {
        holding = false;
        for (const deliver of held.splice(0)) deliver();
      };
      class Slow extends Real {}
      for (const prop of ['onopen', 'onmessage'] as const) {
        const real = Object.getOwnPropertyDescriptor(Real.prototype, prop)!;
        Object.defineProperty(Slow.prototype, prop, {
          get() {
            return real.get!.call(this);
          },
          set(fn: ((ev: Event) => void) | null) {
            real.set!.call(this, fn && ((ev: Event) => (holding ? held.push(() => fn.call(this, ev)) : fn.call(this, ev))));
          },
        });
      }
      window.WebSocket = Slow;
    });
    await page.goto(`${app.url}/workflow`);
    await page.waitForSelector(`[data-column-cards="0"] [data-card="${id}"]`);
    await judgeSuspect(id);
    await page.evaluate(() => (window as unknown as { releaseRealtime: () => void }).releaseRealtime());
    await page.waitForSelector(`[data-column-cards="2"] [data-card="${id}"]`);
    await page.close();
  });

  it('works at phone width: no sideways page scroll, cards moved with their menu', async () => {
    const name = `WfPhone${Math.random().toString(36).slice(2, 7)}`;
    const { dbId: id, originPersonaId } = await openCase(name);
    const page = await adminPage(375, 812);
    await page.goto(`${app.url}/workflow`);
    await seeText(page, 'The board is empty');
    await addToBoard(page, `ouid=${originPersonaId}`, id);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await page.locator(`::-p-aria([name="Actions for ${name}"])`).click();
    await page.locator('::-p-aria([name="Move to: Confirmed cheater"][role="menuitem"])').click();
    await page.waitForSelector(`[data-column-cards="1"] [data-card="${id}"]`);
    await page.locator('::-p-aria([name="Actions for the column Unprocessed"])').click();
    await page.locator('::-p-aria([name="Hide column"][role="menuitem"])').click();
    await page.waitForFunction(() => !document.querySelector('[data-column="0"]'));
    await screenshot(page, 'workflow-board-375');

    // Removing asks: archive or delete for good. Deleted, the card is in neither place.
    await page.locator(`::-p-aria([name="Actions for ${name}"])`).click();
    await page.locator('::-p-aria([name="Remove from the board"][role="menuitem"])').click();
    await seeText(page, `Remove ${name}?`);
    await screenshot(page, 'workflow-remove-375');
    await click(page, 'Delete for good');
    await page.waitForFunction((card) => !document.querySelector(`[data-card="${card}"]`), {}, id);
    await seeText(page, 'Archive (0)');
    await page.close();
  });
});
