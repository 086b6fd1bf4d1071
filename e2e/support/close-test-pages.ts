import { afterEach, beforeEach } from 'vitest';
import type { BrowserContext, Page } from 'puppeteer-core';
import { openBrowsers } from './browser';

/**
 * Closes the pages and browser contexts a test opened once it ends. Left open, every earlier test's
 * pages kept running (live rooms, animations) while the later tests ran: with a dozen of them the
 * browser took most of the machine. Pages opened before the test (in beforeAll) stay.
 */
let before = new Set<Page | BrowserContext>();

async function opened() {
  const all = new Set<Page | BrowserContext>();
  for (const browser of openBrowsers) {
    for (const context of browser.browserContexts()) all.add(context);
    for (const page of await browser.pages()) all.add(page);
  }
  return all;
}

beforeEach(async () => {
  before = await opened();
});

afterEach(async () => {
  const now = await opened();
  const left = [...now].filter((x) => !before.has(x));
  await Promise.all(left.map((x) => x.close().catch(() => undefined)));
});
