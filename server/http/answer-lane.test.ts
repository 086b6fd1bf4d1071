import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type supertest from 'supertest';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectError, expectOk } from '@server/test/expect';
import { openCase } from '@server/test/cases';

let app: TestApp;
let bot: string;
beforeAll(async () => {
  app = await createTestApp({ env: { CORS_ORIGINS: 'https://bots.example' } });
  ({ token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true }));
});
afterAll(() => app?.close());

const answered = () => app.server.lane.answered;
const dispatched = () => app.server.lane.dispatched;
/** The headers of an answer, without the ones that change at every answer. */
const headersOf = (res: supertest.Response) => {
  const { date: _date, ...rest } = res.headers as Record<string, string>;
  return rest;
};

describe('the GET lane', () => {
  it("answers a visitor's second read of a kept answer itself: the same bytes and headers as the app's", async () => {
    const { dbId } = await openCase(app, bot);
    const url = `/api/player?dbId=${dbId}`;
    const first = await app.request.get(url).set('Origin', 'https://bots.example');
    expectOk(first, 'player.ok');
    const before = answered();
    const second = await app.request.get(url).set('Origin', 'https://bots.example');
    expect(answered()).toBe(before + 1);
    expect(second.text).toBe(first.text);
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(second.headers['access-control-allow-origin']).toBe('https://bots.example');
    expect(second.headers['content-security-policy']).toContain("default-src 'self'");
    expect(second.headers['cache-control']).toBe('public, max-age=30');
    // Another caller's origin is not echoed: the CORS headers are the request's own.
    const other = await app.request.get(url).set('Origin', 'https://elsewhere.example');
    expect(answered()).toBe(before + 2);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers.vary).toBe('Origin');
  });

  it("stops at the case's change: the next read goes through the app and shows it, then the lane has it again", async () => {
    const { dbId } = await openCase(app, bot);
    const url = `/api/player?dbId=${dbId}`;
    const first = (await app.request.get(url)).body.data as { commentsNum: number };
    await app.request.get(url);
    const reply = await app.request
      .post('/api/player/reply')
      .set('x-access-token', bot)
      .send({ data: { toPlayerId: dbId, content: '<p>back on the same server tonight, same tracking</p>' }, SKIP_CAPTCHA: true });
    expectOk(reply, 'reply.success');
    const before = answered();
    const after = await app.request.get(url);
    expect(after.body.data.commentsNum).toBe(first.commentsNum + 1);
    expect(answered()).toBe(before);
    const again = await app.request.get(url);
    expect(answered()).toBe(before + 1);
    expect(again.text).toBe(after.text);
  });

  it('never answers a request that carries a token: the app reads who asks', async () => {
    const { dbId } = await openCase(app, bot);
    const url = `/api/player/timeline?dbId=${dbId}&limit=20`;
    await app.request.get(url);
    await app.request.get(url);
    const before = answered();
    const signedIn = await app.request.get(url).set('x-access-token', bot);
    expectOk(signedIn, 'timeline.ok');
    // Nor one whose token is not valid: the app decides what such a caller is.
    await app.request.get(url).set('x-access-token', 'not-a-token');
    expect(answered()).toBe(before);
  });

  it("keeps the route's per-address limit", async () => {
    const url = `/api/search?type=player&param=lane${Date.now().toString(36)}`;
    const from = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const before = answered();
    const answers = [];
    // The search's limit is 5 a second per address.
    for (let i = 0; i < 7; i++) answers.push(await app.request.get(url).set('X-Forwarded-For', from).set('Origin', 'https://bots.example'));
    expect(answered()).toBeGreaterThan(before);
    // What the lane let through carries what every answer of the app carries.
    expect(answers[1]!.status).toBe(200);
    expect(headersOf(answers[1]!)).toEqual(headersOf(answers[0]!));
    expect(answers[1]!.headers['access-control-allow-origin']).toBe('https://bots.example');
    const refused = answers.filter((res) => res.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    const last = answers.at(-1)!;
    expectError(last, 429, 'request.rateLimited');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.headers['x-content-type-options']).toBe('nosniff');
    // Another address is not held back.
    expectOk(await app.request.get(url), 'search.success');
  });

  it('sends HSTS to a request that came over https through the trusted proxy, and headers alone to HEAD', async () => {
    const { dbId } = await openCase(app, bot);
    const url = `/api/player?dbId=${dbId}`;
    const first = await app.request.get(url).set('X-Forwarded-Proto', 'https');
    const before = answered();
    const second = await app.request.get(url).set('X-Forwarded-Proto', 'https');
    expect(answered()).toBe(before + 1);
    expect(second.headers['strict-transport-security']).toBe(first.headers['strict-transport-security']);
    expect(second.headers['strict-transport-security']).toContain('max-age=');
    const plain = await app.request.get(url);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const head = await app.request.head(url);
    expect(answered()).toBe(before + 3);
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(first.text));
    expect(head.text ?? '').toBe('');
  });

  it('runs the other GETs of the API itself, answering as the app does, errors and signed-in callers included', async () => {
    const { dbId } = await openCase(app, bot);
    // The same requests through Express: a GET with a body is the app's (its body parser reads it).
    const viaApp = (url: string) => app.request.get(url).set('Content-Type', 'application/json').send('{}');
    for (const url of [`/api/player?dbId=${dbId}&history=true`, '/api/player?dbId=abc', '/api/player?dbId=2147480000', '/api/user/me']) {
      const before = dispatched();
      const lane = await app.request.get(url).set('Origin', 'https://bots.example');
      expect(dispatched(), url).toBe(before + 1);
      const express = await viaApp(url).set('Origin', 'https://bots.example');
      expect(dispatched(), url).toBe(before + 1);
      expect(lane.status, url).toBe(express.status);
      expect(lane.body, url).toEqual(express.body);
      expect(headersOf(lane), url).toEqual(headersOf(express));
    }
    expectError(await app.request.get('/api/player?dbId=2147480000'), 404, 'player.notFound');
    expectError(await app.request.get('/api/user/me'), 401, 'user.tokenExpired');
    const me = await app.request.get('/api/user/me').set('x-access-token', bot);
    expectOk(me, 'userInfo.success');
  });

  it('leaves to Express the routes that need it, the writes and the unknown paths', async () => {
    const before = dispatched();
    expectError(await app.request.get('/api/service/file?filename=nothing-here.png'), 404, 'file.notFound');
    expectError(await app.request.get('/api/no-such-route'), 404, 'request.404');
    expectError(await app.request.post('/api/player/reply').send({}), 401, 'user.tokenExpired');
    expect(dispatched()).toBe(before);
  });
});
