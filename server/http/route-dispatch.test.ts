import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectError } from '@server/test/expect';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

describe('finding a request’s route', () => {
  it('matches paths as Express does: any letter case, one trailing slash, the query apart', async () => {
    for (const path of ['/api/statistics', '/api/Statistics', '/api/STATISTICS/', '/api/statistics/?from=0', '/api/statistics?']) {
      const res = await app.request.get(path);
      expect([path, res.status, res.body.code]).toEqual([path, 200, 'statistics.ok']);
    }
    for (const path of ['/api/statistics//', '/api/statistics/x', '/api/statistic', '/api//statistics', '/api/statistics.json', '/apistatistics']) {
      const res = await app.request.get(path);
      expect([path, res.status]).toEqual([path, 404]);
    }
  });

  it('answers HEAD from the GET route, without a body, and a method the path has no route for with 404', async () => {
    const head = await app.request.head('/api/statistics');
    expect(head.status).toBe(200);
    expect(head.text ?? '').toBe('');
    expectError(await app.request.post('/api/statistics').send({}), 404, 'request.404');
    expectError(await app.request.delete('/api/captcha'), 404, 'request.404');
  });

  it('hands a route’s refusals and failures to the envelope', async () => {
    expectError(await app.request.get('/api/player?dbId=abc'), 400, 'player.bad');
    expectError(await app.request.get('/api/user/me'), 401, 'user.tokenExpired');
    const res = await app.request.get('/api/service/uploadSession/not-a-session');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
