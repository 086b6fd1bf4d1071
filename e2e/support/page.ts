import type { Page } from 'puppeteer-core';

/** The form control whose accessible name is `label` (its <label>), cleared and typed into. */
export async function fill(page: Page, label: string, value: string) {
  const field = page.locator(`::-p-aria([name="${label}"])`);
  await field.fill(value);
}

export async function click(page: Page, name: string, role = 'button') {
  await page.locator(`::-p-aria([name="${name}"][role="${role}"])`).click();
}

/** Waits until the page shows `text` somewhere. */
export async function seeText(page: Page, text: string, timeout = 15_000) {
  await page.waitForFunction((t) => document.body.innerText.includes(t), { timeout }, text);
}
