import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_SECRET, type TestApp } from '@server/test/harness';
import { expectError, expectOk } from '@server/test/expect';
import { openAnswer } from '@server/infra/captcha';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

describe('GET /api/captcha', () => {
  it('gives an svg picture and an opaque hash that seals its 4-character answer', async () => {
    const res = await app.request.get('/api/captcha?t=0.123');
    expectOk(res, 'captcha.gen');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.data.content).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(res.body.data.hash).toMatch(/^[A-Za-z0-9_-]+$/);
    const answer = openAnswer(TEST_SECRET, res.body.data.hash);
    expect(answer?.text).toMatch(/^[a-z0-9]{4}$/);
    expect(answer?.text).not.toMatch(/[01oil]/);
    expect(Date.now() - answer!.at).toBeLessThan(60_000);
  });

  it('never repeats a hash', async () => {
    const [a, b] = await Promise.all([app.request.get('/api/captcha'), app.request.get('/api/captcha')]);
    expect(a.body.data.hash).not.toBe(b.body.data.hash);
  });

  it('refuses a malformed cache-buster with captcha.bad', async () => {
    const res = await app.request.get('/api/captcha?t=1&t=2');
    expectError(res, 400, 'captcha.bad');
    expect(res.body.message[0]).toMatchObject({ param: 't', location: 'query' });
  });
});

describe('GET /api/health', () => {
  it('reports the database, Redis, mail, the platform directory, the job queue and the read replicas', async () => {
    const res = await app.request.get('/api/health');
    expectOk(res, 'health.ok');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.data).toEqual({
      database: { status: 'ok', kind: app.services.database.kind },
      redis: process.env.REDIS_URL ? { status: 'ok', kind: 'redis' } : { status: 'off', kind: 'in-process' },
      mail: { status: 'ok', kind: 'smtp' },
      platform: { status: 'ok', kind: 'http' },
      queue: {
        status: 'ok',
        kind: process.env.REDIS_URL ? 'bullmq' : 'in-process',
        counts: { workers: expect.any(Number), waiting: expect.any(Number), active: expect.any(Number), delayed: expect.any(Number), failed: expect.any(Number) },
      },
      replicas: { status: 'off' },
    });
    expect(res.body.data.queue.counts.workers).toBeGreaterThanOrEqual(1);
  });

  it('answers 503 health.degraded when the queue has no worker (the node stopped taking jobs)', async () => {
    const stopped = await createTestApp();
    try {
      await stopped.services.jobs.close();
      const res = await stopped.request.get('/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ error: 1, code: 'health.degraded' });
      expect(res.body.data.queue).toMatchObject({ status: 'down', detail: expect.any(String) });
      expect(res.body.data.database.status).toBe('ok');
    } finally {
      await stopped.close();
    }
  });
});

describe('API documentation', () => {
  it('serves an OpenAPI 3.1 document describing every route', async () => {
    const res = await app.request.get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.body;
    expect(doc.openapi).toBe('3.1.0');
    const routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/captcha',
        'GET /api/health',
        'POST /api/user/signup',
        'GET /api/user/signupVerify',
        'POST /api/user/signin',
        'POST /api/user/signout',
        'POST /api/user/bindOrigin',
        'GET /api/user/bindOriginVerify',
        'POST /api/user/forgetPassword',
        'POST /api/user/forgetPasswordVerify',
        'POST /api/user/changePassword',
        'GET /api/user/me',
        'POST /api/user/me',
        'GET /api/user/info',
        'GET /api/user/info4admin',
        'POST /api/user/changeName',
      ]),
    );
  });

  it('documents status codes, token security and request schemas', async () => {
    const { body: doc } = await app.request.get('/api/openapi.json');
    const signup = doc.paths['/api/user/signup'].post;
    expect(Object.keys(signup.responses)).toEqual(expect.arrayContaining(['201', '400', '409', '503', '429']));
    expect(signup.requestBody.content['application/json'].schema.properties.data.required).toEqual(
      expect.arrayContaining(['username', 'password', 'originEmail', 'originName']),
    );
    expect(doc.paths['/api/user/me'].get.security).toEqual([{ token: [] }]);
    expect(doc.paths['/api/user/info'].get.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'query', required: true })]);
    expect(doc.components.securitySchemes.token).toEqual({ type: 'apiKey', in: 'header', name: 'x-access-token' });
  });

  it('serves the docs page with its assets', async () => {
    const page = await app.request.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('data-spec="/api/openapi.json"');
    const css = await app.request.get('/api/docs/assets/swagger-ui.css');
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    const bundle = await app.request.get('/api/docs/assets/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    const init = await app.request.get('/api/docs/init.js');
    expect(init.status).toBe(200);
    expect(init.headers['content-type']).toMatch(/javascript/);
    expect(init.text).toContain('SwaggerUIBundle');
  });
});
