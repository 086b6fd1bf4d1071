import type { HTTPResponse, Page } from 'puppeteer-core';

/** The visible text of an element, or '' while it is not on the page. */
export const textOf = (page: Page, selector: string) => page.evaluate((s) => (document.querySelector(s) as HTMLElement | null)?.innerText ?? '', selector);

/** Waits until the element's visible text includes `text`. */
export async function seeTextIn(page: Page, selector: string, text: string, timeout = 15_000) {
  await page.waitForFunction((s, t) => ((document.querySelector(s) as HTMLElement | null)?.innerText ?? '').includes(t), { timeout }, selector, text);
}

/** Ticks the checkboxes whose labels read `names` inside `scope`. */
export async function tick(page: Page, scope: string, names: readonly string[]) {
  for (const name of names) {
    const found = await page.$$eval(
      `${scope} label`,
      (labels, wanted) => {
        const input = labels.find((l) => l.textContent?.trim() === wanted)?.querySelector('input');
        input?.click();
        return !!input;
      },
      name,
    );
    if (!found) throw new Error(`no checkbox “${name}” in ${scope}`);
  }
}

/**
 * Gives a verdict from the case page's judgement panel as an admin would: the action, the cheat
 * methods by their labels, the reasoning typed into the editor; answers the API's response.
 */
export async function giveVerdict(page: Page, verdict: { action: string; methods?: string[]; reasoning: string }): Promise<HTTPResponse> {
  await page.waitForSelector('#judgement select', { timeout: 15_000 });
  await page.select('#judgement select', verdict.action);
  if (verdict.methods?.length) {
    await page.waitForSelector('#judgement fieldset input[type="checkbox"]');
    await tick(page, '#judgement', verdict.methods);
  }
  await page.locator('#judgement [contenteditable="true"]').click();
  await page.keyboard.type(verdict.reasoning);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/player/judgement') && r.request().method() === 'POST');
  await page.locator('#judgement ::-p-aria([name="Submit verdict"][role="button"])').click();
  return answered;
}
