import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@server/test/harness';
import { png } from '@server/test/media';
import { isEmbeddable } from './security-headers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const directives = (csp: string | undefined) =>
  Object.fromEntries((csp ?? '').split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name!, values]));

describe('security headers', () => {
  // The pages' headers (served from the built client) are checked in a real browser: e2e/security.e2e.ts.
  it.each(['/api/statistics', '/api/docs', '/api/nothing-here'])('%s: a CSP without inline scripts, no framing by others, nosniff, a referrer policy', async (path) => {
    const res = await app.request.get(path);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['script-src']).toContain("'self'");
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'self'"]);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sends them on every kind of answer: successes, each error status, preflights, the API document, files', async () => {
    const { token } = await app.factories.signedIn();
    const up = await app.request.put('/api/service/upload').set('x-access-token', token).set('Content-Type', 'application/octet-stream').send(await png(40, 30));
    expect(up.status).toBe(201);
    const fileUrl = `/api/service/file?filename=${up.body.data.name}`;
    let file = await app.request.get(fileUrl);
    for (let i = 0; i < 150 && file.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      file = await app.request.get(fileUrl);
    }
    const answers = {
      success: await app.request.get('/api/captcha'),
      openapi: await app.request.get('/api/openapi.json'),
      file,
      preflight: await app.request.options('/api/user/signin').set('Origin', 'https://a.example').set('Access-Control-Request-Method', 'POST'),
      badJson: await app.request.post('/api/user/signin').set('Content-Type', 'application/json').send('{"data":'),
      badInput: await app.request.post('/api/user/signin').send({ data: { username: 1 } }),
      noToken: await app.request.get('/api/user/me'),
      denied: await app.request.get('/api/admin/adminLog').set('x-access-token', token),
      notFound: await app.request.get('/api/no/such/route'),
      tooLarge: await app.request.post('/api/user/signin').set('Content-Type', 'application/json').send(`{"x":"${'a'.repeat(3 * 1024 * 1024)}"}`),
    };
    const statuses = Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, r.status]));
    expect(statuses).toEqual({ success: 200, openapi: 200, file: 200, preflight: 200, badJson: 400, badInput: 400, noToken: 401, denied: 403, notFound: 404, tooLarge: 413 });
    for (const [kind, res] of Object.entries(answers)) {
      const csp = directives(res.headers['content-security-policy']);
      expect(csp['frame-ancestors'], kind).toEqual(["'self'"]);
      expect(csp['object-src'], kind).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options'], kind).toBe('nosniff');
      expect(res.headers['x-frame-options'], kind).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], kind).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-powered-by'], kind).toBeUndefined();
    }
  });

  it.each([
    ['/player/1006000000/share/card', true],
    ['/player/1006000000/share/card/', true],
    ['/player/1006000000/share', false],
    ['/player/1006000000', false],
    ['/player/1/share/card/x', false],
  ])('%s may be framed by any site: %s', (path, embeddable) => {
    expect(isEmbeddable(path)).toBe(embeddable);
  });

  it('sends HSTS only for requests that came over https (through the trusted proxy)', async () => {
    expect((await app.request.get('/api/statistics')).headers['strict-transport-security']).toBeUndefined();
    const secure = await app.request.get('/api/statistics').set('x-forwarded-proto', 'https');
    expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
  });

  it('keeps the public API readable by other sites: CORS echo and cross-origin resources', async () => {
    const res = await app.request.get('/api/statistics').set('origin', 'https://bot.example');
    expect(res.headers['access-control-allow-origin']).toBe('https://bot.example');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});
