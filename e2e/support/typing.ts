import type { Page } from 'puppeteer-core';

/**
 * Types `text` into the focused field and returns the texts a debounced box may have asked for:
 * the whole text, and any text the typist left standing for at least `debounceMs` before the next
 * keystroke. The times are read in the page when each input event is handled, so a slow machine that
 * stalls between two keystrokes is told apart from a box that asks too early: a timer never fires
 * before its delay, so a question for a text followed sooner by another keystroke is a bug.
 */
export async function typeDebounced(page: Page, text: string, debounceMs: number): Promise<{ final: string; mayAsk: Set<string> }> {
  await page.evaluate(() => {
    const w = window as unknown as { typedAt?: { value: string; at: number }[] };
    if (!w.typedAt) {
      document.addEventListener('input', (e) => w.typedAt!.push({ value: (e.target as HTMLInputElement).value, at: performance.now() }), true);
    }
    w.typedAt = [];
  });
  await page.keyboard.type(text);
  const typed = await page.evaluate(() => (window as unknown as { typedAt: { value: string; at: number }[] }).typedAt);
  const final = typed.at(-1)!.value;
  const mayAsk = new Set([final]);
  typed.slice(0, -1).forEach((step, i) => {
    if (typed[i + 1]!.at - step.at >= debounceMs) mayAsk.add(step.value);
  });
  return { final, mayAsk };
}
