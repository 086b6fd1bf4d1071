import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCaptchaService, openAnswer } from './captcha';
import { memoryStore } from '@server/infra/store';

/**
 * A local stand-in for Turnstile's documented siteverify endpoint: a form POST with `secret`,
 * `response` and optional `remoteip`, answering `{success, "error-codes"}`.
 */
function startSiteverify() {
  const seen: URLSearchParams[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push(form);
      const response = form.get('response');
      let result: object;
      if (form.get('secret') !== 'turnstile-secret') result = { success: false, 'error-codes': ['invalid-input-secret'] };
      else if (response === 'good-token') result = { success: true, 'error-codes': [] };
      else if (response === 'used-token') result = { success: false, 'error-codes': ['timeout-or-duplicate'] };
      else result = { success: false, 'error-codes': ['invalid-input-response'] };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(result));
    });
  });
  return { server, seen };
}

describe('captcha service', () => {
  const { server, seen } = startSiteverify();
  let verifyUrl = '';
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    verifyUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/siteverify`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

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
