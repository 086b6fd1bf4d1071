import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'puppeteer-core';
import { createTestApp, type TestApp } from '@server/test/harness';
import { openCase } from '@server/test/cases';
import { launchBrowser, screenshot } from './support/browser';
import { textOf } from './support/judgement';
import { click, fill, seeText } from './support/page';
import { signInBeforeVisit } from './support/session';
import { startWebhookReceiver } from './support/webhookReceiver';

/** Clicks the button (or link) named `name` inside `scope`. */
async function clickIn(page: Page, scope: string, name: string, role = 'button') {
  await page.locator(`${scope} ::-p-aria([name="${name}"][role="${role}"])`).click();
}

/** Picks `value` in the select named `label`. */
async function choose(page: Page, label: string, value: string) {
  const select = await page.waitForSelector(`::-p-aria([name="${label}"][role="combobox"])`);
  await select!.select(value);
}

describe('webhooks page and the live open-case count', () => {
  let app: TestApp;
  let botBrowser: Browser;
  let staffBrowser: Browser;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    app = await createTestApp({ env: { SERVE_CLIENT: 'true', WEBHOOK_ALLOW_LOOPBACK: 'true' } });
    receiver = await startWebhookReceiver();
    [botBrowser, staffBrowser] = await Promise.all([launchBrowser(), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all([botBrowser?.close(), staffBrowser?.close()]);
    await receiver?.close();
    await app?.close();
  });

  it('a bot adds a webhook, pings it, and sees a report delivered to it', async () => {
    const bot = await app.factories.createUser({ privileges: ['bot'] });
    const page = await botBrowser.newPage();
    await page.setViewport({ width: 360, height: 780 });
    await signInBeforeVisit(page, app, bot);

    await page.goto(`${app.url}/profile/webhooks`);
    await seeText(page, 'No webhooks yet');
    await fill(page, 'Payload URL', receiver.url);
    await clickIn(page, '#add-webhook', 'Generate');
    const secretField = await page.waitForSelector('::-p-aria([name="Secret"][role="textbox"])');
    const secret = await secretField!.evaluate((el) => (el as HTMLInputElement).value);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    await page.locator('::-p-aria([name="Report"][role="checkbox"])').click();
    const added = page.waitForResponse((r) => r.url().endsWith('/api/user/webhooks/add'));
    await clickIn(page, '#add-webhook', 'Add webhook');
    expect((await added).status()).toBe(201);
    await page.waitForSelector('#webhooks [data-webhook]');
    expect(await textOf(page, '#webhooks [data-webhook]')).toContain(receiver.url);

    // The test ping: sent at once, its result shown under the webhook.
    await clickIn(page, '#webhooks', 'Send a test ping');
    await seeText(page, 'The test ping was delivered.');
    const item = await textOf(page, '#webhooks [data-webhook]');
    expect(item).toContain('OK');
    expect(item).toContain('HTTP 200');
    const ping = receiver.received.find((r) => r.body.event === 'ping');
    expect(ping && receiver.signedWith(ping, secret)).toBe(true);
    // The list shows the last result too.
    await page.waitForSelector('#webhooks [data-last-status="ok"]');
    await screenshot(page, 'webhooks-list-phone');

    // A report filed through the API reaches the endpoint, and shows in the deliveries view.
    const token = await app.factories.signIn(bot, { skipCaptcha: true });
    const { account } = await openCase(app, token);
    await expect.poll(() => receiver.received.filter((r) => r.body.event === 'report').length, { timeout: 15_000 }).toBe(1);
    const report = receiver.received.find((r) => r.body.event === 'report')!;
    expect(receiver.signedWith(report, secret)).toBe(true);

    await page.locator(`#webhooks ::-p-aria([name="Deliveries of ${receiver.url}"])`).click();
    await seeText(page, 'Delivery log');
    const delivered = '[data-event="report"][data-status="ok"]';
    for (let i = 0; i < 20 && !(await page.$(delivered)); i++) {
      await clickIn(page, '#deliveries', 'Refresh');
      await new Promise((r) => setTimeout(r, 250));
    }
    await page.waitForSelector(delivered, { timeout: 5_000 });
    const row = await textOf(page, delivered);
    expect(row).toContain('Report');
    expect(row).toContain('HTTP 200');
    expect(await textOf(page, '[data-event="ping"]')).toContain('Test ping');
    // The payload opens on demand.
    await page.locator(`${delivered} summary`).click();
    await page.waitForFunction((s, name) => (document.querySelector(`${s} pre`) as HTMLElement | null)?.innerText.includes(name), {}, delivered, account.name);
    await screenshot(page, 'webhooks-deliveries-phone');
  });

  it('a webhook for a chat channel: Slack format in German, its test ping a Slack message linking to the site', async () => {
    const bot = await app.factories.createUser({ privileges: ['bot'] });
    const page = await botBrowser.newPage();
    await page.setViewport({ width: 360, height: 780 });
    await signInBeforeVisit(page, app, bot);
    await page.goto(`${app.url}/profile/webhooks`);
    await seeText(page, 'No webhooks yet');
    const slackUrl = `${receiver.url}/slack`;
    await fill(page, 'Payload URL', slackUrl);
    await choose(page, 'Message format', 'slack');
    await seeText(page, 'Slack incoming-webhook URL');
    await choose(page, 'Message language', 'de-DE');
    await clickIn(page, '#add-webhook', 'Generate');
    await page.locator('::-p-aria([name="Ban appeal"][role="checkbox"])').click();
    const added = page.waitForResponse((r) => r.url().endsWith('/api/user/webhooks/add'));
    await clickIn(page, '#add-webhook', 'Add webhook');
    expect((await added).status()).toBe(201);
    await page.waitForSelector('#webhooks [data-webhook]');
    expect(await textOf(page, '#webhooks [data-webhook]')).toContain('Slack');

    await clickIn(page, '#webhooks', 'Send a test ping');
    await seeText(page, 'The test ping was delivered.');
    const message = receiver.received.find((r) => typeof (r.body as unknown as { text?: string }).text === 'string')!;
    const { text } = message.body as unknown as { text: string };
    expect(text).toContain('Testnachricht von Tribunal');
    expect(text).toContain(`<${app.services.config.publicUrl}/profile/webhooks|Tribunal öffnen>`);
  });

  it('staff see the open-case count change without reloading when a case is reported', async () => {
    const admin = await app.factories.createUser({ privileges: ['admin'] });
    const page = await staffBrowser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    await signInBeforeVisit(page, app, admin);
    await page.goto(`${app.url}/about`);

    const badge = 'header a[href="/player?status=0"][data-open-cases]';
    await page.waitForFunction((s) => /^\d+$/.test(document.querySelector(s)?.getAttribute('data-open-cases') ?? ''), { timeout: 15_000 }, badge);
    const before = Number(await page.$eval(badge, (a) => a.getAttribute('data-open-cases')));
    await page.evaluate(() => ((window as unknown as { untouched: boolean }).untouched = true));

    const { token } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    await openCase(app, token);
    await page.waitForFunction((s, n) => document.querySelector(s)?.getAttribute('data-open-cases') === String(n), { timeout: 10_000 }, badge, before + 1);
    expect(await page.$eval(badge, (a) => a.getAttribute('aria-label'))).toBe(`${before + 1} open case${before + 1 === 1 ? '' : 's'}`);
    expect(await page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched)).toBe(true);

    // The user menu's entry carries the same count, and leads to the open cases.
    await click(page, `Account menu for ${admin.username}`);
    await seeText(page, 'Open cases');
    await page.locator(`::-p-aria([name="${before + 1} open case${before + 1 === 1 ? '' : 's'}"][role="menuitem"])`).click();
    await page.waitForFunction(() => location.pathname === '/player' && location.search === '?status=0');
    await seeText(page, 'Unprocessed');
    await screenshot(page, 'open-cases-staff');
    // At phone width the badge stays in the header beside the inbox and the account menu.
    await page.setViewport({ width: 360, height: 740 });
    expect(await page.$eval(badge, (a) => a.getBoundingClientRect().right <= 360 && a.getBoundingClientRect().width > 0)).toBe(true);
    await screenshot(page, 'open-cases-staff-phone');
  });
});
