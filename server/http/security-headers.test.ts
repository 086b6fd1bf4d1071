import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@server/test/harness';
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
