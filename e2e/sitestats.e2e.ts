import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, HTTPRequest, Page } from 'puppeteer-core';
import { createTestApp, type TestApp } from '@server/test/harness';
import { seedDemo } from '@server/seed/demo';
import { launchBrowser, screenshot } from './support/browser';
import { seeText } from './support/page';

/**
 * The API calls a page made, as paths with their query. The test build runs React's development
 * mode, whose StrictMode starts (and cancels) every first load twice: count distinct calls.
 */
function watchApi(page: Page) {
  const calls: string[] = [];
  const chunks: string[] = [];
  page.on('request', (req: HTTPRequest) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${url.pathname}${url.search}`);
    if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) chunks.push(url.pathname);
  });
  const of = (path: string) => [...new Set(calls.filter((c) => c.startsWith(`${path}?`) || c === path))];
  return { calls, chunks, of };
}

/** The number a counter tile shows (digits only, whatever the grouping). */
const counter = (page: Page, key: string) =>
  page.$eval(`[data-counter="${key}"] dd`, (dd) => Number((dd.textContent ?? '').replace(/\D/g, '')) || 0);

const waitForChart = (page: Page) => page.waitForSelector('#site-growth svg.apexcharts-svg path.apexcharts-area', { timeout: 20_000 });

/** The statistics page against a real server with the demo data: counters, chart, ranges, phone width. */
describe('site statistics page', () => {
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true' } });
    await seedDemo(app.services);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('shows the counters, the rankings, the trend and the chart, and refetches when the range changes', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    const api = watchApi(page);
    await page.goto(`${app.url}/sitestats`);
    await seeText(page, 'Site statistics');
    expect(await page.title()).toMatch(/^Site statistics · /);

    // Counters from /statistics for the week: the demo cases are there.
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-counter="players"] dd')?.textContent ?? ''), { timeout: 15_000 });
    expect(await counter(page, 'players')).toBeGreaterThan(0);
    expect(await counter(page, 'confirmed')).toBeGreaterThan(0);
    const weekly = api.of('/api/statistics');
    expect(weekly).toHaveLength(1);
    const weekFrom = Number(new URL(weekly[0]!, app.url).searchParams.get('from'));
    expect(weekFrom).toBeGreaterThan(0);
    expect(api.of('/api/trend')[0]).toContain('time=weekly');
    expect(api.of('/api/activeStatistical')[0]).toContain('time=weekly');

    // The chart: apexcharts loads in its own chunk and draws an svg in the theme's colours.
    await waitForChart(page);
    expect(api.chunks.some((c) => /\/SiteChartView-[^/]+\.js$/.test(c))).toBe(true);
    const colours = await page.evaluate(() => {
      const accent = getComputedStyle(document.documentElement).getPropertyValue('--color-accent').trim().toLowerCase();
      const strokes = [...document.querySelectorAll('#site-growth path.apexcharts-area')].map((p) => (p.getAttribute('stroke') ?? '').toLowerCase());
      return { accent, strokes };
    });
    expect(colours.strokes).toContain(colours.accent);
    // By keyboard: the chart takes focus and arrow keys walk its points, with the tooltip.
    await page.$eval('#site-growth svg.apexcharts-svg', (svg) => (svg as SVGElement).focus());
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector('#site-growth .apexcharts-tooltip.apexcharts-active', { timeout: 5_000 });

    // Case counts per game and status (/playerStatistics).
    await page.waitForFunction(() => document.querySelector('#case-counts')?.textContent?.includes('Battlefield V'), { timeout: 15_000 });
    await page.waitForFunction(() => document.querySelector('#case-counts')?.textContent?.includes('Confirmed cheater'), { timeout: 15_000 });
    expect(api.calls.filter((c) => c === '/api/playerStatistics').length).toBeGreaterThanOrEqual(2);

    // A month: every ranged call is made again for the new window; the address keeps the range.
    const monthCounters = page.waitForResponse((r) => r.url().includes('/api/statistics?') && !r.url().endsWith(`from=${weekFrom}`));
    await page.locator('::-p-aria([name="Month"][role="radio"])').click();
    await page.waitForFunction(() => location.search === '?range=monthly');
    expect((await monthCounters).status()).toBe(200);
    await page.waitForFunction(() => document.querySelector('[data-counter="reports"]')?.closest('dl')?.getAttribute('aria-busy') === 'false');
    const statistics = api.of('/api/statistics');
    expect(statistics).toHaveLength(2);
    const monthFrom = Number(new URL(statistics[1]!, app.url).searchParams.get('from'));
    expect(monthFrom).toBeLessThan(weekFrom);
    expect(api.of('/api/trend').at(-1)).toContain('time=monthly');
    expect(api.of('/api/activeStatistical').at(-1)).toContain('time=monthly');
    expect(await counter(page, 'reports')).toBeGreaterThan(0);

    // Trending cases of the month link to their case pages; the rankings name the demo reporters.
    await page.waitForSelector('#trend a[href^="/player/"]', { timeout: 15_000 });
    const links = await page.$$eval('#trend a[href^="/player/"]', (as) => as.map((a) => a.getAttribute('href')));
    expect(links.every((href) => /^\/player\/\d+$/.test(href ?? ''))).toBe(true);
    await page.waitForSelector('#rankings a[href^="/space/"]', { timeout: 15_000 });
    await seeText(page, 'demo-');

    // Achievements: points earned in the range; the demo admin earned the most.
    await page.locator('::-p-aria([name="Achievements"][role="tab"])').click();
    await page.waitForFunction(() => /demo-admin/.test(document.querySelector('#rankings [role="tabpanel"]:not([hidden])')?.textContent ?? ''), { timeout: 15_000 });
    await screenshot(page, 'sitestats-desktop');
    await page.close();
  });

  it('works at phone width, in a dark theme, by keyboard', async () => {
    const page = await browser.newPage();
    await page.setViewport({ width: 360, height: 740, isMobile: true, hasTouch: true });
    await page.evaluateOnNewDocument(() => localStorage.setItem('tribunal:preferences', JSON.stringify({ theme: 'dark' })));
    const api = watchApi(page);
    await page.goto(`${app.url}/sitestats?range=yearly`);
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-counter="players"] dd')?.textContent ?? ''), { timeout: 15_000 });
    await waitForChart(page);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');

    // Nothing wider than the screen, chart included.
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      chart: document.querySelector('#site-growth svg.apexcharts-svg')!.getBoundingClientRect().width,
    }));
    expect(widths.page).toBeLessThanOrEqual(360);
    expect(widths.chart).toBeGreaterThan(200);
    expect(widths.chart).toBeLessThanOrEqual(360);

    // The chart's lines take the dark theme's colours.
    const dark = await page.evaluate(() => {
      const danger = getComputedStyle(document.documentElement).getPropertyValue('--color-danger').trim().toLowerCase();
      const strokes = [...document.querySelectorAll('#site-growth path.apexcharts-area')].map((p) => (p.getAttribute('stroke') ?? '').toLowerCase());
      return { danger, strokes };
    });
    expect(dark.strokes).toContain(dark.danger);

    // Keyboard: focus the selected range and move to the previous one with an arrow key. (Only the
    // requests are checked: /statistics allows 5 calls in 10 s, which this file may have used up.)
    expect(api.of('/api/statistics')).toHaveLength(1);
    await page.focus('input[type="radio"][value="yearly"]');
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => location.search === '?range=monthly');
    await page.waitForFunction(() => document.activeElement?.getAttribute('value') === 'monthly');
    const until = Date.now() + 10_000;
    while (api.of('/api/statistics').length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const [yearly, monthly] = api.of('/api/statistics').map((c) => Number(new URL(c, app.url).searchParams.get('from')));
    expect(monthly).toBeGreaterThan(yearly!);
    expect(api.of('/api/trend').at(-1)).toContain('time=monthly');
    expect(api.of('/api/activeStatistical').at(-1)).toContain('time=monthly');

    // Network status, on request.
    await page.locator('::-p-aria([name="Check now"][role="button"])').click();
    await seeText(page, 'All services are running');
    expect(api.of('/api/health')).toHaveLength(1);
    await screenshot(page, 'sitestats-phone');
    await page.close();
  });
});
