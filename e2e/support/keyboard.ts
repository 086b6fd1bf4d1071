import type { ElementHandle, KeyInput, Page } from 'puppeteer-core';

/** What has focus, said for a failure message, and whether it shows a focus indicator. */
interface FocusState {
  hit: boolean;
  onBody: boolean;
  visible: boolean;
  said: string;
}

/**
 * Reads the focused element in the page. A focus indicator is an outline or a box shadow on the
 * element itself or, for a form control drawn by something around it (a check box styled through
 * its label's span, the editor's frame), on its label, next sibling or a near ancestor.
 */
function readFocus(page: Page, target?: ElementHandle<Element>): Promise<FocusState> {
  return page.evaluate((wanted) => {
    const a = document.activeElement as HTMLElement | null;
    if (!a || a === document.body) return { hit: false, onBody: true, visible: false, said: 'the page (body)' };
    const shows = (e: Element | null | undefined) => {
      if (!e) return false;
      const cs = getComputedStyle(e);
      return (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) > 0) || cs.boxShadow !== 'none';
    };
    const around: Array<Element | null | undefined> = [];
    if (a.matches('input, textarea, select, [contenteditable="true"]')) {
      around.push(a.nextElementSibling, ...(a.closest('label')?.querySelectorAll('span') ?? []));
      for (let up = a.parentElement, i = 0; up && i < 4; up = up.parentElement, i++) around.push(up);
    }
    const name = a.getAttribute('aria-label') ?? a.getAttribute('name') ?? (a.innerText || (a as HTMLInputElement).value || '').slice(0, 40);
    return {
      hit: !!wanted && (a === wanted || (wanted as Element).contains(a) && a.isContentEditable),
      onBody: false,
      visible: shows(a) || around.some(shows),
      said: `<${a.tagName.toLowerCase()}${a.getAttribute('type') ? ` type=${a.getAttribute('type')}` : ''}> “${name.trim()}”`,
    };
  }, target ?? null);
}

/**
 * Fails unless the focused element shows where focus is. A control that replaced the one pressed
 * (the next step of a dialog) may take focus a frame later: focus on the page itself is read again
 * for up to a second.
 */
export async function expectFocusVisible(page: Page) {
  let state = await readFocus(page);
  for (const until = Date.now() + 1_000; state.onBody && Date.now() < until; state = await readFocus(page)) await new Promise((r) => setTimeout(r, 50));
  if (state.onBody) throw new Error('focus fell back to the page: nothing is focused');
  if (!state.visible) throw new Error(`focus is on ${state.said}, which shows no focus indicator`);
}

/** Presses a key (with Shift when asked) and checks that focus is still visible afterwards. */
export async function press(page: Page, key: KeyInput, { shift = false, times = 1 }: { shift?: boolean; times?: number } = {}) {
  for (let i = 0; i < times; i++) {
    if (shift) await page.keyboard.down('Shift');
    await page.keyboard.press(key);
    if (shift) await page.keyboard.up('Shift');
    await expectFocusVisible(page);
  }
}

/** The trimmed text of the focused element. */
export const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/**
 * Presses a key that moves between the items of a Radix menu and waits until focus has moved to
 * another item. Radix moves it a task after the key (its roving focus defers the move), and Chromium
 * may run a DevTools evaluation before that task: focus read, or Enter pressed, straight after the key
 * would still find the item before.
 */
export async function moveInMenu(page: Page, key: 'ArrowDown' | 'ArrowUp' | 'Home' | 'End') {
  const before = await page.evaluateHandle(() => document.activeElement);
  await page.keyboard.press(key);
  await page.waitForFunction((b) => document.activeElement !== b && document.activeElement?.getAttribute('role') === 'menuitem', { timeout: 5_000 }, before);
  await expectFocusVisible(page);
}

/**
 * Moves focus with Tab (or Shift+Tab) until it reaches `selector`, checking at every stop that
 * focus is visible. Returns the element reached.
 */
export async function tabTo(page: Page, selector: string, { back = false, max = 150 } = {}): Promise<ElementHandle<Element>> {
  const target = await page.waitForSelector(selector, { timeout: 15_000 });
  if (!target) throw new Error(`no ${selector} on the page`);
  const passed: string[] = [];
  for (let i = 0; i < max; i++) {
    if (back) await page.keyboard.down('Shift');
    await page.keyboard.press('Tab');
    if (back) await page.keyboard.up('Shift');
    const state = await readFocus(page, target);
    if (state.onBody) {
      passed.push('(body)');
      continue;
    }
    if (!state.visible) throw new Error(`on the way to ${selector}, focus is on ${state.said}, which shows no focus indicator`);
    if (state.hit) return target;
    passed.push(state.said);
  }
  throw new Error(`Tab never reached ${selector} in ${max} steps; it passed ${passed.slice(-12).join(', ')}`);
}

/** Whether `element` has focus. */
export const hasFocus = (page: Page, element: ElementHandle<Element>) => page.evaluate((e) => document.activeElement === e, element);

/**
 * Presses Tab `times` times inside the open modal dialog: focus never lands on the page behind it
 * (it may pass through the browser's own controls, where the document has no focused element).
 */
/** A native modal dialog, or Radix's (the phone drawer, client/layout/DrawerSheet.tsx). */
const OPEN_DIALOG = 'dialog[open], [role="dialog"][data-state="open"]';

export async function expectTabStaysInDialog(page: Page, times = 12) {
  for (let i = 0; i < times; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate((open) => (document.activeElement === document.body ? 'body' : document.activeElement?.closest(open) ? 'dialog' : document.activeElement?.outerHTML.slice(0, 80)), OPEN_DIALOG);
    if (where === 'body') continue;
    if (where !== 'dialog') throw new Error(`Tab left the dialog for ${where}`);
    await expectFocusVisible(page);
  }
}

/** Whether focus is inside the open modal dialog. */
export const focusInDialog = (page: Page) => page.evaluate((open) => !!document.activeElement?.closest(open), OPEN_DIALOG);

/**
 * Opens the system file picker from the focused file field with the Space key, as a keyboard user
 * does, and picks `file` in it.
 */
export async function chooseFileWithSpace(page: Page, file: string) {
  const on = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type);
  if (on !== 'file') throw new Error(`focus is not on a file field but on ${on ?? 'nothing'}`);
  // Headless Chromium now and then lets a key press on a file field open no picker (about one run
  // in five here, with focus on the field): a person would press again, and so does the test.
  for (let attempt = 1; ; attempt++) {
    const chooser = page.waitForFileChooser({ timeout: 2_000 });
    await page.keyboard.press('Space');
    try {
      await (await chooser).accept([file]);
      return;
    } catch (error) {
      const now = await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type);
      if (attempt < 3 && now === 'file') continue;
      throw new Error(`no file picker opened after ${attempt} presses of Space; focus is on ${now ?? 'nothing'}`, { cause: error });
    }
  }
}

/** Focus stays on the same element while `event` happens (nothing steals it). */
export async function focusStaysWhile<T>(page: Page, event: () => Promise<T>): Promise<T> {
  const before = await page.evaluateHandle(() => document.activeElement);
  const result = await event();
  const same = await page.evaluate((b) => document.activeElement === b, before);
  if (!same) throw new Error('focus moved while the event arrived');
  return result;
}
