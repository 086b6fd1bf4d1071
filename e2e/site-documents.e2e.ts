import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { and, eq } from 'drizzle-orm';
import { announcements } from '@server/db/schema';
import { loadSiteDocuments } from '@server/seed/site-documents';
import { createTestApp, type TestApp } from '@server/test/harness';
import { launchBrowser, screenshot } from './support/browser';
import { seeText } from './support/page';

/** What a page logged as an error, threw, or was refused by the API while it was open. */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`page: ${(err as Error).message}`));
  page.on('response', (res) => {
    if (res.url().includes('/api/') && res.status() >= 400) errors.push(`${res.status()} ${res.url()}`);
  });
  return errors;
}

/** The rule pages and the bulletin on a site nobody has published anything on: the seeded texts, and not one error. */
describe('site documents on a fresh site', () => {
  let app: TestApp;
  let browser: Browser;
  const en = loadSiteDocuments('en-US');
  const de = loadSiteDocuments('de-DE');
  /** A phrase of a seeded text as the page shows it (the first paragraph, without its tags). */
  const phrase = (html: string) => html.replace(/<[^>]+>/g, '').slice(0, 60);

  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true', NODE_ENV: 'production', SEED_DEMO: 'false' } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function open(path: string) {
    const page = await (await browser.createBrowserContext()).newPage();
    await page.setViewport({ width: 390, height: 844 });
    const errors = watchErrors(page);
    await page.goto(`${app.url}${path}`, { waitUntil: 'networkidle0' });
    return { page, errors };
  }

  it('shows the seeded bulletin on the home page and the anti-cheat rules on their page, with nothing in the console', async () => {
    const home = await open('/');
    await home.page.waitForSelector('[data-bulletin="1"]');
    await seeText(home.page, en.bulletin.title);
    await seeText(home.page, phrase(en.bulletin.content[0]!));
    expect(home.errors).toEqual([]);

    const rules = await open('/announcement/antiCheatRules');
    await seeText(rules.page, en.antiCheatRules.title);
    await seeText(rules.page, phrase(en.antiCheatRules.content[0]!));
    expect(await rules.page.$('[data-fallback-language]')).toBeNull();
    expect(rules.errors).toEqual([]);
    await screenshot(rules.page, 'announcement-anti-cheat-rules');
  });

  it('shows a reader the texts in their language', async () => {
    const rules = await open('/announcement/conductRules?lang=de-DE');
    await seeText(rules.page, de.conductRules.title);
    await seeText(rules.page, phrase(de.conductRules.content[0]!));
    expect(rules.errors).toEqual([]);
  });

  it('shows the English text, and says so, to a reader whose language has no version', async () => {
    await app.services.db.delete(announcements).where(and(eq(announcements.name, 'antiCheatRules'), eq(announcements.language, 'ja-JP')));
    const rules = await open('/announcement/antiCheatRules?lang=ja-JP');
    await seeText(rules.page, phrase(en.antiCheatRules.content[0]!));
    await rules.page.waitForSelector('[data-fallback-language]');
    expect(rules.errors).toEqual([]);
    await screenshot(rules.page, 'announcement-fallback-language');
  });

  it('shows the empty states, and still logs nothing, where a document was never published', async () => {
    await app.services.db.delete(announcements).where(eq(announcements.name, 'personnelRules'));
    await app.services.db.delete(announcements).where(eq(announcements.name, 'bulletin'));
    const rules = await open('/announcement/personnelRules');
    await seeText(rules.page, 'Nothing has been published here yet');
    expect(rules.errors).toEqual([]);

    const home = await open('/');
    await home.page.waitForSelector('[data-bulletin="standing"]');
    expect(home.errors).toEqual([]);
  });
});
