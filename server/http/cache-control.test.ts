import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectError, expectOk } from '@server/test/expect';
import { openCase } from '@server/test/cases';

let app: TestApp;
let member: { token: string; user: { id: number } };
let staff: string;
let dbId: number;
beforeAll(async () => {
  app = await createTestApp();
  member = await app.factories.signedIn();
  ({ token: staff } = await app.factories.signedIn({ privileges: ['admin'] }));
  const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
  ({ dbId } = await openCase(app, bot));
});
afterAll(() => app?.close());

const varyOf = (res: { headers: Record<string, string> }) => (res.headers.vary ?? '').split(/,\s*/).map((h) => h.toLowerCase());

describe('what caches may keep', () => {
  it('keeps nothing of an answer that depends on who asks: private, no-store', async () => {
    const personal = [
      ['/api/user/me', member.token],
      [`/api/user/info?id=${member.user.id}`, staff],
      [`/api/user/info?id=${member.user.id}`, member.token],
      [`/api/player/timeline?dbId=${dbId}&limit=20`, member.token],
      [`/api/player/timeline?dbId=${dbId}&limit=20`, staff],
      ['/api/message', member.token],
      ['/api/service/myFiles', member.token],
    ] as const;
    for (const [path, token] of personal) {
      const res = await app.request.get(path).set('x-access-token', token);
      expect([path, res.status, res.headers['cache-control']]).toEqual([path, 200, 'private, no-store']);
    }
  });

  it('lets shared caches keep a public read for visitors, and says it differs by the token where the route reads one', async () => {
    const caseRead = await app.request.get(`/api/player?dbId=${dbId}`);
    expectOk(caseRead, 'player.ok');
    expect(caseRead.headers['cache-control']).toBe('public, max-age=30');
    expect(varyOf(caseRead)).not.toContain('x-access-token');
    // A route that reads no token answers everyone alike, token or not.
    const withToken = await app.request.get(`/api/player?dbId=${dbId}`).set('x-access-token', member.token);
    expect(withToken.headers['cache-control']).toBe('public, max-age=30');
    const list = await app.request.get('/api/players?game=all&status=-1');
    expect(list.headers['cache-control']).toBe('public, max-age=10');
    const timeline = await app.request.get(`/api/player/timeline?dbId=${dbId}&limit=20`);
    expectOk(timeline, 'timeline.ok');
    expect(varyOf(timeline)).toContain('x-access-token');
  });

  it('keeps no error and no write, even on a route whose answers may be kept', async () => {
    const missing = await app.request.get('/api/player?dbId=987654321');
    expectError(missing, 404, 'player.notFound');
    expect(missing.headers['cache-control']).toBe('no-store');
    const bad = await app.request.get('/api/players?game=quake');
    expect([bad.status, bad.headers['cache-control']]).toEqual([400, 'no-store']);
    const write = await app.request.post('/api/user/isSubscribes').set('x-access-token', member.token).send({ id: dbId });
    expect(write.headers['cache-control']).toBe('private, no-store');
    const captcha = await app.request.get('/api/captcha');
    expect(captcha.headers['cache-control']).toBe('no-store');
  });
});
