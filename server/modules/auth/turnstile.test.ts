import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaService, openAnswer } from '../../infra/captcha';
import { memoryStore } from '@server/infra/store';
import { startSiteverify } from '@server/test/siteverify';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectError, expectOk } from '@server/test/expect';

describe('captcha service', () => {
  let siteverify: Awaited<ReturnType<typeof startSiteverify>>;
  let verifyUrl = '';
  let seen: URLSearchParams[] = [];
  beforeAll(async () => {
    siteverify = await startSiteverify();
    ({ url: verifyUrl, seen } = siteverify);
  });
  afterAll(() => siteverify?.close());

  const service = (opts: { turnstile?: boolean; now?: () => number } = {}) =>
    createCaptchaService({
      secret: 'test-secret-0123456789',
      store: memoryStore(),
      turnstile: opts.turnstile ? { secret: 'turnstile-secret', verifyUrl } : undefined,
      now: opts.now,
    });

  it('accepts a token the verify endpoint confirms, sending secret, response and the client IP', async () => {
    await expect(service({ turnstile: true }).check({ captcha: { captchaType: 'turnstile', response: 'good-token' } }, { ip: '203.0.113.9' })).resolves.toBeUndefined();
    const last = seen.at(-1)!;
    expect(last.get('secret')).toBe('turnstile-secret');
    expect(last.get('response')).toBe('good-token');
    expect(last.get('remoteip')).toBe('203.0.113.9');
  });

  it('maps refused tokens to captcha.wrong and reused ones to captcha.expired', async () => {
    const s = service({ turnstile: true });
    await expect(s.check({ captcha: { captchaType: 'turnstile', response: 'forged' } })).rejects.toMatchObject({ code: 'captcha.wrong', status: 403 });
    await expect(s.check({ captcha: { captchaType: 'turnstile', response: 'used-token' } })).rejects.toMatchObject({ code: 'captcha.expired', status: 403 });
  });

  it('refuses turnstile answers when no turnstile secret is configured', async () => {
    await expect(service().check({ captcha: { captchaType: 'turnstile', response: 'good-token' } })).rejects.toMatchObject({ code: 'captcha.bad', status: 400 });
  });

  it('answers captcha.error (503) when the verify endpoint is unreachable', async () => {
    const s = createCaptchaService({ secret: 'test-secret-0123456789', store: memoryStore(), turnstile: { secret: 'x', verifyUrl: 'http://127.0.0.1:9/siteverify' } });
    await expect(s.check({ captcha: { captchaType: 'turnstile', response: 'good-token' } })).rejects.toMatchObject({ code: 'captcha.error', status: 503 });
  });

  it('seals the svg answer so only the server can read it, and expires it after 20 minutes', async () => {
    let now = 1_000_000;
    const s = service({ now: () => now });
    const challenge = s.create();
    expect(challenge.content).toMatch(/^<svg/);
    const sealed = openAnswer('test-secret-0123456789', challenge.hash)!;
    expect(sealed.text).toHaveLength(4);
    expect(openAnswer('another-secret-0123456', challenge.hash)).toBeNull();
    now += 20 * 60 * 1000 + 1;
    await expect(s.check({ captcha: { captchaType: 'svg', encryptCaptcha: challenge.hash, response: sealed.text } })).rejects.toMatchObject({ code: 'captcha.expired' });
  });

  it('uses a challenge up on the first attempt, right or wrong', async () => {
    const s = service();
    const challenge = s.create();
    const { text } = openAnswer('test-secret-0123456789', challenge.hash)!;
    const wrong = text === 'zzzz' ? 'yyyy' : 'zzzz';
    await expect(s.check({ captcha: wrong, encryptCaptcha: challenge.hash })).rejects.toMatchObject({ code: 'captcha.wrong' });
    await expect(s.check({ captcha: text.toUpperCase(), encryptCaptcha: challenge.hash })).rejects.toMatchObject({ code: 'captcha.expired' });
    const next = s.create();
    const answer = openAnswer('test-secret-0123456789', next.hash)!.text;
    await expect(s.check({ captcha: answer.toUpperCase(), encryptCaptcha: next.hash })).resolves.toBeUndefined();
  });
});

describe('Turnstile over HTTP', () => {
  let siteverify: Awaited<ReturnType<typeof startSiteverify>>;
  let app: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    siteverify = await startSiteverify();
    [app, plain] = await Promise.all([
      createTestApp({ env: { TURNSTILE_SITE_KEY: '1x00000000000000000000AA', TURNSTILE_SECRET: 'turnstile-secret', TURNSTILE_VERIFY_URL: siteverify.url } }),
      createTestApp(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([app?.close(), plain?.close()]);
    await siteverify?.close();
  });

  const signin = (target: TestApp, user: { username: string; password: string }, captcha: unknown) =>
    target.request.post('/api/user/signin').send({ data: { username: user.username, password: user.password }, captcha });

  it('names the site key beside the svg captcha when configured, and not otherwise', async () => {
    const on = await app.request.get('/api/captcha');
    expectOk(on, 'captcha.gen');
    expect(on.body.data).toMatchObject({ hash: expect.any(String), content: expect.stringMatching(/^<svg/), turnstileSiteKey: '1x00000000000000000000AA' });
    const off = await plain.request.get('/api/captcha');
    expect(off.body.data).not.toHaveProperty('turnstileSiteKey');
  });

  it('signs in with a token the verify endpoint confirms, as the web client sends it; refuses others', async () => {
    const user = await app.factories.createUser();
    const res = await signin(app, user, { captchaType: 'turnstile', response: 'good-token' });
    expectOk(res, 'signin.success');
    expect(siteverify.seen.at(-1)!.get('response')).toBe('good-token');
    expectError(await signin(app, user, { captchaType: 'turnstile', response: 'forged' }), 403, 'captcha.wrong');
    expectError(await signin(app, user, { captchaType: 'turnstile', response: 'used-token' }), 403, 'captcha.expired');
    // Without Turnstile configured the token is not accepted.
    const other = await plain.factories.createUser();
    expectError(await signin(plain, other, { captchaType: 'turnstile', response: 'good-token' }), 400, 'captcha.bad');
  });
});
