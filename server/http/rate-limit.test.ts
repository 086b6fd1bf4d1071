import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Response } from 'supertest';
import { createTestApp, unique, type TestApp } from '@server/test/harness';
import { expectError } from '@server/test/expect';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

let ipSeq = 0;
/** One client address for a whole test, so its requests share a bucket. */
const clientIp = () => `198.51.100.${++ipSeq}`;

function expectLimited(responses: Response[], allowed: number) {
  const limited = responses.filter((r) => r.status === 429);
  expect(responses.length - limited.length).toBe(allowed);
  for (const r of limited) {
    expectError(r, 429, 'request.rateLimited');
    expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  }
}

describe('per-address limits', () => {
  it('captcha: 5 per second, then 429 request.rateLimited', async () => {
    const ip = clientIp();
    // One burst: every request lands inside the same one-second window.
    const responses = await Promise.all(Array.from({ length: 8 }, () => app.request.get('/api/captcha').set('X-Forwarded-For', ip)));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(5);
    expectLimited(responses, 5);
  });

  it('keeps separate buckets for separate clients behind the proxy', async () => {
    const [a, b] = [clientIp(), clientIp()];
    await Promise.all(Array.from({ length: 6 }, () => app.request.get('/api/captcha').set('X-Forwarded-For', a)));
    const other = await app.request.get('/api/captcha').set('X-Forwarded-For', b);
    expect(other.status).toBe(200);
  });

  it('counts an IPv6 client by its /64: new addresses in one network share its bucket, another network has its own', async () => {
    const net = `2001:db8:${(++ipSeq).toString(16)}:1`;
    // One burst inside one second, each request from another address of the network.
    const responses = await Promise.all(Array.from({ length: 7 }, (_, i) => app.request.get('/api/captcha').set('X-Forwarded-For', `${net}::${(i + 1).toString(16)}`)));
    expectLimited(responses, 5);
    const neighbour = await app.request.get('/api/captcha').set('X-Forwarded-For', `2001:db8:${(++ipSeq).toString(16)}:1::1`);
    expect(neighbour.status).toBe(200);
  });

  it('sign-in: 10 per minute, counted before anything else', async () => {
    const ip = clientIp();
    const responses: Response[] = [];
    for (let i = 0; i < 12; i++) responses.push(await app.request.post('/api/user/signin').set('X-Forwarded-For', ip).send({}));
    expect(responses.slice(0, 10).every((r) => r.status === 400)).toBe(true);
    expectLimited(responses, 10);
  });

  it.each([
    ['sign-up', '/api/user/signup'],
    ['password reset', '/api/user/forgetPassword'],
  ])('%s: 5 per 10 minutes', async (_name, path) => {
    const ip = clientIp();
    const responses: Response[] = [];
    for (let i = 0; i < 7; i++) responses.push(await app.request.post(path).set('X-Forwarded-For', ip).send({ data: { username: unique() } }));
    expectLimited(responses, 5);
  });

  it('binding: 5 per 10 minutes, before the token check', async () => {
    const ip = clientIp();
    const responses: Response[] = [];
    for (let i = 0; i < 6; i++) responses.push(await app.request.post('/api/user/bindOrigin').set('X-Forwarded-For', ip).send({}));
    expect(responses.slice(0, 5).every((r) => r.status === 401)).toBe(true);
    expectLimited(responses, 5);
  });
});
