import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectInvalid, expectOk } from '@server/test/expect';
import { openCase } from '@server/test/cases';
import { httpReceiver, type ReceivedRequest } from '@server/test/http-receiver';
import { deliverWebhook } from './deliver';

let app: TestApp;
let bot: { token: string };
let publicUrl: string;
const hooks = httpReceiver();
const SECRET = 'a-long-enough-webhook-secret';
beforeAll(async () => {
  app = await createTestApp({ env: { WEBHOOK_ALLOW_LOOPBACK: 'true' } });
  bot = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
  publicUrl = app.services.config.publicUrl;
  await hooks.start();
});
afterAll(async () => {
  await app?.close();
  await hooks.close();
});

const add = async (data: Record<string, unknown>) => {
  const res = await app.request.post('/api/user/webhooks/add').set('x-access-token', bot.token).send({ data: { secret: SECRET, ...data } });
  expectOk(res, 'webhooks.success', 201);
  return res.body.data as { id: number; format: string; language: string };
};
const remove = (id: number) => app.request.post('/api/user/webhooks/delete').set('x-access-token', bot.token).send({ data: { id } });
const signed = (r: ReceivedRequest) => r.headers['x-tribunal-signature'] === `sha256=${crypto.createHmac('sha256', SECRET).update(r.raw).digest('hex')}`;
const caseUrl = (personaId: string) => `${publicUrl}/player/${encodeURIComponent(personaId)}`;

/** Discord's execute-webhook rules: content and/or embeds, at most 10 embeds, and each text within its limit. */
function expectDiscordShape(r: ReceivedRequest) {
  expect(r.headers['content-type']).toMatch(/^application\/json/);
  const body = JSON.parse(r.raw);
  expect(typeof body.content === 'string' || Array.isArray(body.embeds)).toBe(true);
  expect([...(body.content ?? '')].length).toBeLessThanOrEqual(2000);
  expect(body.content.length).toBeGreaterThan(0);
  expect(body.embeds.length).toBeGreaterThan(0);
  expect(body.embeds.length).toBeLessThanOrEqual(10);
  for (const embed of body.embeds) {
    expect(embed.title.length).toBeLessThanOrEqual(256);
    expect(embed.description.length).toBeLessThanOrEqual(4096);
    expect(new Date(embed.timestamp).toISOString()).toBe(embed.timestamp);
    expect(embed.fields.length).toBeLessThanOrEqual(25);
    for (const f of embed.fields) {
      expect(f.name.length).toBeGreaterThan(0);
      expect(f.name.length).toBeLessThanOrEqual(256);
      expect(f.value.length).toBeLessThanOrEqual(1024);
    }
  }
  expect(body.allowed_mentions).toEqual({ parse: [] });
  return body as { content: string; embeds: { title: string; url: string; description: string; fields: { name: string; value: string }[] }[] };
}

describe('webhook formats', () => {
  it('a webhook is signed JSON unless it asks for another format; unknown formats and languages are refused', async () => {
    const hook = await add({ url: 'http://127.0.0.1:9/unused', events: ['report'] });
    expect(hook).toMatchObject({ format: 'signed', language: 'en-US' });
    await remove(hook.id);
    const bad = (data: Record<string, unknown>) => app.request.post('/api/user/webhooks/add').set('x-access-token', bot.token).send({ data: { url: 'http://127.0.0.1:9/x', secret: SECRET, events: ['report'], ...data } });
    expectInvalid(await bad({ format: 'teams' }), 'webhooks.bad', 'data.format');
    expectInvalid(await bad({ format: 'discord', language: 'xx-XX' }), 'webhooks.bad', 'data.language');
  });

  it('Discord: a short message in the webhook’s language, with an embed linking to the case, signed as always', async () => {
    const end = hooks.endpoint();
    const hook = await add({ url: end.url, events: ['report', 'stateChange'], format: 'discord', language: 'de-DE' });
    const { account } = await openCase(app, bot.token);
    await expect.poll(() => end.received().length, { timeout: 10_000 }).toBe(2);
    const bodies = end.received().map((r) => {
      expect(signed(r)).toBe(true);
      return expectDiscordShape(r);
    });
    const contents = bodies.map((b) => b.content).sort();
    expect(contents.some((c) => c.includes('wurde gemeldet'))).toBe(true);
    expect(contents.some((c) => c.startsWith('Neuer Fall'))).toBe(true);
    for (const b of bodies) {
      expect(b.embeds[0]!.url).toBe(caseUrl(account.personaId));
      expect(b.embeds[0]!.description).toContain(`(${caseUrl(account.personaId)})`);
      expect(b.embeds[0]!.fields.map((f) => f.name)).toContain('Status');
    }
    await remove(hook.id);
  });

  it('Discord: a name far beyond every limit is cut to fit, and its markdown and mentions stay inert', async () => {
    const end = hooks.endpoint();
    const hook = await add({ url: end.url, events: ['playerUpdate'], format: 'discord' });
    const name = `@everyone **${'😀'.repeat(3000)}`;
    const record = { id: 1, originName: name, originPersonaId: '42', originUserId: '7', games: Array.from({ length: 400 }, () => 'bf1'), status: 1 };
    const [row] = await app.services.db.insert(webhookDeliveries).values({ webhookId: hook.id, event: 'playerUpdate', payload: { case: record } }).returning();
    expect(await deliverWebhook(app.services, row!.id)).toBe('ok');
    const body = expectDiscordShape(end.received()[0]!);
    expect(body.content.startsWith('The case of @everyone \\*\\*')).toBe(true);
    expect(body.content.endsWith('…')).toBe(true);
    expect(body.embeds[0]!.title.endsWith('…')).toBe(true);
    // Never cut inside a character.
    expect(body.embeds[0]!.title).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    await remove(hook.id);
  });

  it('Slack: `text` with the link in Slack’s form, and blocks', async () => {
    const end = hooks.endpoint();
    const hook = await add({ url: end.url, events: ['report'], format: 'slack', language: 'fr-FR' });
    const { account } = await openCase(app, bot.token);
    await expect.poll(() => end.received().length, { timeout: 10_000 }).toBe(1);
    const r = end.received()[0]!;
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(signed(r)).toBe(true);
    const body = JSON.parse(r.raw);
    expect(typeof body.text).toBe('string');
    expect(body.text).toContain(`${account.name} a été signalé`);
    expect(body.text).toContain(`<${caseUrl(account.personaId)}|Ouvrir le dossier>`);
    expect(body.blocks[0]).toMatchObject({ type: 'section', text: { type: 'mrkdwn' } });
    expect(body.blocks[1]).toMatchObject({ type: 'context' });
    await remove(hook.id);
  });

  it('Slack: a name with <, > and & is escaped so it cannot forge a link or a mention', async () => {
    const end = hooks.endpoint();
    const hook = await add({ url: end.url, events: ['banAppeal'], format: 'slack' });
    const record = { id: 1, originName: '<!channel> & <https://evil.example|x>', originPersonaId: '43', games: [], status: 9 };
    const [row] = await app.services.db.insert(webhookDeliveries).values({ webhookId: hook.id, event: 'banAppeal', payload: { case: record } }).returning();
    expect(await deliverWebhook(app.services, row!.id)).toBe('ok');
    const body = JSON.parse(end.received()[0]!.raw);
    expect(body.text).toContain('&lt;!channel&gt; &amp; &lt;https://evil.example|x&gt; appealed the verdict');
    expect(body.text).not.toContain('<!channel>');
    await remove(hook.id);
  });

  it('plain text: the line and the case’s link, as text/plain', async () => {
    const end = hooks.endpoint();
    const hook = await add({ url: end.url, events: ['stateChange'], format: 'text', language: 'ja-JP' });
    const { account } = await openCase(app, bot.token);
    await expect.poll(() => end.received().length, { timeout: 10_000 }).toBe(1);
    const r = end.received()[0]!;
    expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(signed(r)).toBe(true);
    const lines = r.raw.trim().split('\n');
    expect(lines[0]).toContain('新しいケース');
    expect(lines[0]).toContain(account.name);
    expect(lines[1]).toBe(caseUrl(account.personaId));
    await remove(hook.id);
  });

  it('a test ping in each chat format is delivered and logged like any other', async () => {
    for (const format of ['discord', 'slack', 'text'] as const) {
      const end = hooks.endpoint();
      const hook = await add({ url: end.url, events: ['report'], format });
      const res = await app.request.post('/api/user/webhooks/ping').set('x-access-token', bot.token).send({ data: { id: hook.id } });
      expectOk(res, 'webhooks.success');
      expect(res.body.data).toMatchObject({ event: 'ping', status: 'ok', lastCode: 200 });
      const r = end.received()[0]!;
      if (format === 'discord') expect(expectDiscordShape(r).content).toBe('Test message from Tribunal: this webhook works.');
      if (format === 'slack') expect(JSON.parse(r.raw).text).toContain(`<${publicUrl}/profile/webhooks|Open Tribunal>`);
      if (format === 'text') expect(r.raw).toContain(`${publicUrl}/profile/webhooks`);
      await remove(hook.id);
    }
  });
});
