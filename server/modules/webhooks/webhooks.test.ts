import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { WEBHOOK_MAX_ATTEMPTS } from '@shared/webhooks';
import { webhookDeliveries } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid, expectOk } from '@server/test/expect';
import { openCase } from '@server/test/cases';
import { httpReceiver, type ReceivedRequest } from '@server/test/http-receiver';
import { deliverWebhook, sweepWebhookDeliveries } from './deliver';

type Received = ReceivedRequest & { body: { id: number; event: string; attempt: number; data: Record<string, any> } };

/** Bots' endpoints on loopback, each request's JSON body parsed. */
function receiver() {
  const base = httpReceiver();
  return {
    ...base,
    endpoint() {
      const end = base.endpoint();
      return { ...end, received: (): Received[] => end.received().map((r) => ({ ...r, body: JSON.parse(r.raw) })) };
    },
  };
}

let app: TestApp;
let bot: { token: string };
const hooks = receiver();
const url = 'http://127.0.0.1:9/unused';
const SECRET = 'a-long-enough-webhook-secret';
beforeAll(async () => {
  app = await createTestApp({ env: { WEBHOOK_ALLOW_LOOPBACK: 'true' } });
  bot = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
  await hooks.start();
});
afterAll(async () => {
  await app?.close();
  await hooks.close();
});

const add = (token: string, data: Record<string, unknown>) => app.request.post('/api/user/webhooks/add').set('x-access-token', token).send({ data });
const deliveries = async (id: number) => (await app.request.get(`/api/user/webhooks/deliveries?id=${id}`).set('x-access-token', bot.token)).body;
const verify = (r: Received, secret: string) => r.headers['x-tribunal-signature'] === `sha256=${crypto.createHmac('sha256', secret).update(r.raw).digest('hex')}`;

describe('webhooks', () => {
  it('bot, dev and root accounts subscribe; others may not', async () => {
    for (const [privilege, allowed] of [['bot', true], ['dev', true], ['root', true], ['normal', false], ['admin', false], ['super', false], ['blacklisted', false]] as const) {
      const { token } = await app.factories.signedIn({ privileges: [privilege] });
      const res = await add(token, { url, secret: SECRET, events: ['report'] });
      if (allowed) expectOk(res, 'webhooks.success', 201);
      else expectError(res, 403, 'user.permissionDenied');
    }
  });

  it('validates the subscription, keeps at most 5, and never shows the secret', async () => {
    const { token } = await app.factories.signedIn({ privileges: ['bot'] });
    expectInvalid(await add(token, { url: 'ftp://example.com/x', secret: SECRET, events: ['report'] }), 'webhooks.bad', 'data.url');
    expectInvalid(await add(token, { url, secret: 'short', events: ['report'] }), 'webhooks.bad', 'data.secret');
    expectInvalid(await add(token, { url, secret: SECRET, events: ['everything'] }), 'webhooks.bad', 'data.events.0');
    expectInvalid(await add(token, { url, secret: SECRET, events: [] }), 'webhooks.bad', 'data.events');
    const added = await Promise.all(Array.from({ length: 7 }, () => add(token, { url, secret: SECRET, events: ['report', 'report'] })));
    expect(added.filter((r) => r.status === 201)).toHaveLength(5);
    for (const r of added.filter((x) => x.status !== 201)) expectError(r, 409, 'webhook.exceedMax');
    const list = await app.request.get('/api/user/webhooks').set('x-access-token', token);
    expectOk(list, 'webhooks.ok');
    expect(list.body.data).toHaveLength(5);
    expect(list.body.data[0]).toMatchObject({ url, events: ['report'], format: 'signed', language: 'en-US', lastStatus: null });
    expect(JSON.stringify(list.body)).not.toContain(SECRET);
    const other = await app.factories.signedIn({ privileges: ['bot'] });
    expectError(await app.request.post('/api/user/webhooks/delete').set('x-access-token', other.token).send({ data: { id: list.body.data[0].id } }), 404, 'webhook.notFound');
    expectOk(await app.request.post('/api/user/webhooks/delete').set('x-access-token', token).send({ data: { id: list.body.data[0].id } }), 'webhooks.success');
  });

  it('delivers signed events written with the change: a report and the new case’s state', async () => {
    const end = hooks.endpoint();
    const hook = (await add(bot.token, { url: end.url, secret: SECRET, events: ['report', 'stateChange'] })).body.data;
    const { dbId } = await openCase(app, bot.token);
    await expect.poll(() => end.received().length, { timeout: 10_000 }).toBe(2);
    const got = [...end.received()].sort((a, b) => a.body.event.localeCompare(b.body.event));
    expect(got.map((r) => r.body.event)).toEqual(['report', 'stateChange']);
    for (const r of got) {
      expect(verify(r, SECRET)).toBe(true);
      expect(verify(r, 'another-secret-of-some-length')).toBe(false);
      expect(r.headers['x-tribunal-event']).toBe(r.body.event);
      expect(r.body.data.case.id).toBe(dbId);
    }
    expect(got[1]!.body.data).toMatchObject({ from: null, to: 0 });
    await expect.poll(async () => (await deliveries(hook.id)).data.map((d: { status: string }) => d.status)).toEqual(['ok', 'ok']);
    const listed = (await app.request.get('/api/user/webhooks').set('x-access-token', bot.token)).body.data.find((w: { id: number }) => w.id === hook.id);
    expect(listed).toMatchObject({ lastStatus: 'ok', lastCode: 200, lastError: null });
    await app.request.post('/api/user/webhooks/delete').set('x-access-token', bot.token).send({ data: { id: hook.id } });
  });

  it('retries a failed delivery with backoff until it succeeds, and gives up after the last attempt', async () => {
    const end = hooks.endpoint();
    const hook = (await add(bot.token, { url: end.url, secret: SECRET, events: ['playerUpdate'] })).body.data;
    const { account } = await openCase(app, bot.token);
    end.plan.push(500);
    expectOk(await app.request.post('/api/player/update').set('x-access-token', bot.token).send({ personaId: account.personaId }), 'update.success');
    // attempts counts from the claim; lastCode once the answer was recorded.
    await expect.poll(async () => (await deliveries(hook.id)).data[0]?.lastCode, { timeout: 10_000 }).toBe(500);
    let [d] = (await deliveries(hook.id)).data;
    expect(d).toMatchObject({ status: 'pending', lastCode: 500, lastError: 'answered HTTP 500' });
    expect(new Date(d.nextTime).getTime()).toBeGreaterThan(Date.now());
    // Not due yet: a sweep leaves it alone.
    expect(await sweepWebhookDeliveries(app.services)).toBe(0);
    await app.services.db.update(webhookDeliveries).set({ nextTime: new Date(Date.now() - 1) }).where(eq(webhookDeliveries.id, d.id));
    expect(await sweepWebhookDeliveries(app.services)).toBe(1);
    [d] = (await deliveries(hook.id)).data;
    expect(d).toMatchObject({ status: 'ok', attempts: 2, lastCode: 200 });
    const attempts = end.received().filter((r) => r.body.id === d.id);
    expect(attempts.map((r) => r.body.attempt)).toEqual([1, 2]);
    expect(new Set(attempts.map((r) => r.raw.replace(/"attempt":\d+/, ''))).size).toBe(1);

    // An endpoint that never answers 2xx: given up after the last attempt.
    end.plan.push(...Array(WEBHOOK_MAX_ATTEMPTS).fill(503));
    expectOk(await app.request.post('/api/player/update').set('x-access-token', bot.token).send({ personaId: account.personaId }), 'update.success');
    await expect.poll(async () => (await deliveries(hook.id)).data[0]?.lastCode, { timeout: 10_000 }).toBe(503);
    const failing = (await deliveries(hook.id)).data[0].id as number;
    for (let i = 2; i <= WEBHOOK_MAX_ATTEMPTS; i++) {
      await app.services.db.update(webhookDeliveries).set({ nextTime: new Date(Date.now() - 1) }).where(eq(webhookDeliveries.id, failing));
      expect(await deliverWebhook(app.services, failing)).toBe(i === WEBHOOK_MAX_ATTEMPTS ? 'failed' : 'retry');
    }
    expect((await deliveries(hook.id)).data[0]).toMatchObject({ status: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS, nextTime: null });
    expect(await deliverWebhook(app.services, failing)).toBe('skipped');
    await app.request.post('/api/user/webhooks/delete').set('x-access-token', bot.token).send({ data: { id: hook.id } });
  });

  it('two runners racing for one delivery send it once', async () => {
    const end = hooks.endpoint();
    const hook = (await add(bot.token, { url: end.url, secret: SECRET, events: ['register'] })).body.data;
    const [row] = await app.services.db.insert(webhookDeliveries).values({ webhookId: hook.id, event: 'register', payload: { user: { id: 1 } } }).returning();
    await Promise.all([deliverWebhook(app.services, row!.id), deliverWebhook(app.services, row!.id), sweepWebhookDeliveries(app.services), sweepWebhookDeliveries(app.services)]);
    expect(end.received().filter((r) => r.body.id === row!.id)).toHaveLength(1);
    expect((await deliveries(hook.id)).data[0]).toMatchObject({ status: 'ok', attempts: 1 });
    await app.request.post('/api/user/webhooks/delete').set('x-access-token', bot.token).send({ data: { id: hook.id } });
  });

  it('a ping is sent at once and answers with its result', async () => {
    const end = hooks.endpoint();
    const hook = (await add(bot.token, { url: end.url, secret: SECRET, events: ['banAppeal'] })).body.data;
    const res = await app.request.post('/api/user/webhooks/ping').set('x-access-token', bot.token).send({ data: { id: hook.id } });
    expectOk(res, 'webhooks.success');
    expect(res.body.data).toMatchObject({ event: 'ping', status: 'ok', attempts: 1, lastCode: 200 });
    const ping = end.received().find((r) => r.body.id === res.body.data.id)!;
    expect(verify(ping, SECRET)).toBe(true);
    expectError(await app.request.post('/api/user/webhooks/ping').set('x-access-token', bot.token).send({ data: { id: 99_999 } }), 404, 'webhook.notFound');
    // `ping` is sent on demand only; it cannot be subscribed to.
    expectInvalid(await add(bot.token, { url, secret: SECRET, events: ['ping'] }), 'webhooks.bad', 'data.events.0');
  });
});
