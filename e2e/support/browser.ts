import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { openAnswer } from '@server/infra/captcha';
import { TEST_SECRET } from '@server/test/harness';

export const CHROMIUM = process.env.PUPPETEER_EXECUTABLE_PATH ?? '/usr/bin/chromium';

/** Every browser a test file launched and has not closed (see close-test-pages.ts). */
export const openBrowsers = new Set<Browser>();

/** Debian's Chromium, headless, with the flags this machine needs (no sandbox as root, no background network). */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium is not installed at ${CHROMIUM} (apt-get install chromium)`);
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-chromium-'));
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    userDataDir,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--lang=en-US'],
  });
  openBrowsers.add(browser);
  browser.once('disconnected', () => openBrowsers.delete(browser));
  // Each profile is about 7 MB, and a CI run launches some fifty browsers: it goes once Chromium has exited.
  browser.process()?.once('exit', () => fs.rmSync(userDataDir, { recursive: true, force: true }));
  return browser;
}

/**
 * Keeps the answer of the last captcha a page loaded: the test reads it with the server secret,
 * the way a person reads the picture.
 */
export function watchCaptchas(page: Page) {
  let last: string | null = null;
  page.on('response', async (res) => {
    if (!res.url().includes('/api/captcha')) return;
    try {
      const body = (await res.json()) as { data?: { hash?: string } };
      if (body.data?.hash) last = openAnswer(TEST_SECRET, body.data.hash)?.text ?? null;
    } catch {
      /* a preflight or aborted load */
    }
  });
  return {
    async answer(): Promise<string> {
      const until = Date.now() + 10_000;
      while (!last) {
        if (Date.now() > until) throw new Error('the page loaded no captcha');
        await new Promise((r) => setTimeout(r, 50));
      }
      const a = last;
      last = null;
      return a;
    },
  };
}

/** A mailed link, moved onto the test server (mails carry the configured PUBLIC_URL). */
export function onServer(link: string, serverUrl: string) {
  const u = new URL(link);
  return `${serverUrl}${u.pathname}${u.search}`;
}

/** A full-page picture for a person to look at, in tmp/screens. CI's throwaway clone keeps none, so CI takes none: each costs the busy machine a whole-page render and a PNG. */
export async function screenshot(page: Page, name: string) {
  if (process.env.CI) return;
  const dir = path.resolve(import.meta.dirname, '../../tmp/screens');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) as `${string}.png`, fullPage: true });
}
