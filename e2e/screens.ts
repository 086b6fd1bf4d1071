/**
 * Screenshots of chosen screens at 1366 and 390 px in several languages, for looking at layout
 * changes. Runs against a server started with demo data (`npm start`, or any node):
 *
 *   BASE_URL=http://127.0.0.1:8080 DATA_DIR=data DEMO_PASSWORD=… npx tsx e2e/screens.ts [screen…]
 *
 * The captcha of the sign-in is read with the site secret (`DATA_DIR/secret` or `SECRET`), as a
 * person reads the picture. PNGs go to `tmp/screens/` (not kept in the repository).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'puppeteer-core';
import { openAnswer } from '@server/infra/captcha';
import { makeZip } from '@server/test/zip';
import { launchBrowser } from './support/browser';

const BASE = (process.env.BASE_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const SECRET = process.env.SECRET ?? fs.readFileSync(path.join(process.env.DATA_DIR ?? 'data', 'secret'), 'utf8').trim();
const PASSWORD = process.env.DEMO_PASSWORD ?? '';
const OUT = path.resolve(import.meta.dirname, '../tmp/screens');
const LANGS = (process.env.LANGS ?? 'en-US,de-DE,ar-EG').split(',');
const WIDTHS = [1366, 390];

interface Screen {
  name: string;
  /** The path to open; may depend on demo data. */
  path: () => Promise<string>;
  /** Sign in as this demo user first. */
  as?: string;
  textSize?: string;
  /** Something to do on the page before the picture. */
  act?: (page: Page) => Promise<void>;
  /** Only the top of the page (the header), not the full page. */
  viewportOnly?: boolean;
}

async function api<T>(p: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${BASE}/api${p}`, { ...init, headers: { 'content-type': 'application/json', ...(init?.headers ?? {}) } });
  const body = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${p}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

const sessions = new Map<string, unknown>();
async function sessionOf(username: string) {
  if (!sessions.has(username)) {
    const { hash } = await api<{ hash: string }>('/captcha');
    const response = openAnswer(SECRET, hash)!.text;
    const data = await api<{ token: string; userinfo: unknown }>('/user/signin', {
      method: 'POST',
      body: JSON.stringify({ data: { username, password: PASSWORD }, captcha: { captchaType: 'svg', encryptCaptcha: hash, response } }),
    });
    sessions.set(username, { token: data.token, userinfo: data.userinfo });
  }
  return sessions.get(username)!;
}

const caseIn = async (status: number) => (await api<{ result: Array<{ originPersonaId: string; originUserId: string }> }>(`/players?status=${status}&limit=1`)).result[0]!;

const SCREENS: Screen[] = [
  { name: 'header-xlarge', path: async () => '/', textSize: 'x-large', viewportOnly: true },
  { name: 'signup', path: async () => '/signup' },
  { name: 'signup-xlarge', path: async () => '/signup', textSize: 'x-large' },
  { name: 'players', path: async () => '/player' },
  { name: 'case-more-evidence', path: async () => `/player/${(await caseIn(7)).originPersonaId}` },
  { name: 'share-more-evidence', path: async () => `/player/${(await caseIn(7)).originPersonaId}/share` },
  { name: 'search-short', path: async () => '/search/ab' },
  { name: 'cheaters', path: async () => `/cheaters/${(await caseIn(1)).originUserId}` },
  { name: 'cheaters-signed-in', path: async () => `/cheaters/${(await caseIn(1)).originUserId}`, as: 'demo-user' },
  { name: 'signin-turnstile', path: async () => '/signin?captcha=turnstile' },
  { name: 'profile', path: async () => '/profile/information', as: 'demo-user' },
  { name: 'profile-achievements', path: async () => '/profile/achievements', as: 'demo-admin' },
  {
    name: 'appeal-moss',
    path: async () => `/player/${(await caseIn(1)).originPersonaId}/appeal`,
    as: 'demo-super',
    act: async (page) => {
      const file = path.join(OUT, 'moss.zip');
      fs.writeFileSync(file, makeZip([{ name: 'Logfile.log', content: 'MOSS log of a fair player, round 1.\n' }]));
      const input = await page.waitForSelector('input[type=file]');
      await input!.uploadFile(file);
      await page.waitForFunction(() => /\d\s*(bytes?|Byte|بايت)/i.test(document.body.innerText) || document.body.innerText.includes('kB'), { timeout: 10_000 }).catch(() => undefined);
    },
  },
];

async function shoot(page: Page, screen: Screen, lang: string, width: number) {
  await page.setViewport({ width, height: width > 800 ? 900 : 844 });
  await page.goto(`${BASE}/`, { waitUntil: 'domcontentloaded' });
  const prefs = { theme: 'lightness', textSize: screen.textSize ?? 'default', language: lang };
  await page.evaluate((p) => localStorage.setItem('tribunal:preferences', JSON.stringify(p)), prefs);
  const client = await page.createCDPSession();
  await client.send('Network.clearBrowserCookies');
  if (screen.as) {
    const value = encodeURIComponent(JSON.stringify(await sessionOf(screen.as)));
    await page.setCookie({ name: 'tribunal_session', value, url: BASE });
  }
  const target = await screen.path();
  await page.goto(`${BASE}${target}${target.includes('?') ? '&' : '?'}lang=${lang}`, { waitUntil: 'networkidle0' });
  await screen.act?.(page);
  await new Promise((r) => setTimeout(r, 300));
  const file = path.join(OUT, `${screen.name}-${lang}-${width}.png`) as `${string}.png`;
  await page.screenshot({ path: file, fullPage: !screen.viewportOnly });
  return file;
}

async function main() {
  const wanted = process.argv.slice(2);
  fs.mkdirSync(OUT, { recursive: true });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    page.on('response', (r) => {
      if (r.url().startsWith(`${BASE}/api/`) && r.status() >= 400) console.log(`  ${r.status()} ${r.request().method()} ${r.url()}`);
    });
    for (const screen of SCREENS.filter((s) => !wanted.length || wanted.includes(s.name))) {
      for (const lang of LANGS) for (const width of WIDTHS) console.log(await shoot(page, screen, lang, width));
    }
  } finally {
    await browser.close();
  }
}

await main();
