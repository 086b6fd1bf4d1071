import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { users } from '@server/db/schema';
import { createTestApp, TEST_SECRET, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid, expectOk, expectTokenExpired } from '@server/test/expect';
import { openCase } from '@server/test/cases';
import { resolveToken } from '@server/modules/auth/authenticate';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

/** A token signed with `secret` for `userId`, issued now, valid until `exp` (seconds). */
async function craftToken(userId: number, opts: { secret?: string; exp?: number } = {}) {
  const now = Date.now();
  return new SignJWT({ userId, username: 'x', userAvatar: '', privilege: ['root'], signWhen: now, visitType: 'websites', expiresIn: 60_000 })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(Math.floor(now / 1000) - 10)
    .setExpirationTime(opts.exp ?? Math.floor(now / 1000) + 60)
    .sign(new TextEncoder().encode(opts.secret ?? TEST_SECRET));
}

describe('envelope', () => {
  it('answers an unknown API route with 404 request.404', async () => {
    for (const [method, path] of [
      ['get', '/api/nothing-here'],
      ['post', '/api/user/nothing'],
      ['delete', '/api/user/me'],
    ] as const) {
      expectError(await app.request[method](path), 404, 'request.404');
    }
  });

  it('sends a kept answer (read cache) as it sent the fresh one: same bytes, JSON type, length in bytes, no body for HEAD', async () => {
    const { token } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { dbId } = await openCase(app, token, { description: '<p>Zielt durch Rauch – jedes Mal, überall 狙击</p>' });
    const path = `/api/player/timeline?dbId=${dbId}&limit=20`;
    const [fresh, kept] = [await app.request.get(path), await app.request.get(path)];
    for (const res of [fresh, kept]) {
      expectOk(res, 'timeline.ok');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
    }
    expect(kept.text).toBe(fresh.text);
    expect(kept.text).toContain('überall 狙击');
    const head = await app.request.head(path);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(kept.headers['content-length']);
    expect(head.text ?? '').toBe('');
  });

  it('answers a body that is not JSON with 400', async () => {
    const res = await app.request.post('/api/user/signin').set('Content-Type', 'application/json').send('{"data": {"username": ');
    expectError(res, 400, 'request.badJson');
  });

  it('answers an oversized body with 413 request.tooLarge', async () => {
    const res = await app.request.post('/api/user/signin').send({ data: { username: 'x', password: 'y' }, pad: 'x'.repeat(3 * 1024 * 1024) });
    expectError(res, 413, 'request.tooLarge');
  });

  it('answers validation failures with 400 <area>.bad and a list of {param, msg}', async () => {
    const res = await app.request.post('/api/user/signup').send({ data: { username: 'a b', password: '1', originEmail: 'nope' } });
    expectInvalid(res, 'signup.bad', 'data.username');
    const params = res.body.message.map((m: { param: string }) => m.param);
    expect(params).toEqual(expect.arrayContaining(['data.username', 'data.password', 'data.originEmail', 'data.originName']));
    expect(res.body.message.find((m: { param: string }) => m.param === 'data.password')).not.toHaveProperty('value');
  });

  it('validates query strings the same way', async () => {
    expectInvalid(await app.request.get('/api/user/info?id=abc'), 'userInfo.bad', 'id');
    expectInvalid(await app.request.get('/api/user/info'), 'userInfo.bad', 'id');
  });

  it('checks the token before the body: no token and a bad body is 401 user.tokenExpired', async () => {
    expectTokenExpired(await app.request.post('/api/user/changePassword').send({ nonsense: true }));
    expectTokenExpired(await app.request.post('/api/user/bindOrigin').send('not json at all').set('Content-Type', 'text/plain'));
    expectTokenExpired(await app.request.post('/api/user/me').send({ data: { attr: { allowDM: 'not-a-boolean' } } }));
    expectTokenExpired(await app.request.get('/api/user/info4admin?id=abc'));
  });

  it('answers success as {success: 1, code, data}', async () => {
    const { token } = await app.factories.signedIn();
    const res = await app.request.get('/api/user/me').set('x-access-token', token);
    expectOk(res, 'userInfo.success');
    expect(Object.keys(res.body).sort()).toEqual(['code', 'data', 'success']);
  });
});

describe('tokens', () => {
  it.each([
    ['a garbage token', async () => 'not-a-jwt'],
    ['a token signed with another secret', async (id: number) => craftToken(id, { secret: 'some-other-secret-0123456789' })],
    ['an expired token', async (id: number) => craftToken(id, { exp: Math.floor(Date.now() / 1000) - 5 })],
  ])('refuses %s with 401 user.tokenExpired (err and error)', async (_what, make) => {
    const user = await app.factories.createUser();
    const res = await app.request.get('/api/user/me').set('x-access-token', await make(user.id));
    expectTokenExpired(res);
  });

  it('accepts a well-formed token made with the server secret', async () => {
    const user = await app.factories.createUser();
    expectOk(await app.request.get('/api/user/me').set('x-access-token', await craftToken(user.id)), 'userInfo.success');
  });

  it('refuses the token of a deleted or unknown account with 401 user.invalid', async () => {
    const { user, token } = await app.factories.signedIn();
    await app.services.db.update(users).set({ valid: false }).where(eq(users.id, user.id));
    const deleted = await app.request.get('/api/user/me').set('x-access-token', token);
    expectError(deleted, 401, 'user.invalid');
    // The original's token failures carried `err: 1`, which the web client's uploader tests.
    expect(deleted.body.err).toBe(1);
    expectError(await app.request.get('/api/user/me').set('x-access-token', await craftToken(2_000_000_000)), 401, 'user.invalid');
  });

  it('gives each of the requests whose users are read together its own user', async () => {
    const people = await Promise.all(Array.from({ length: 5 }, (_, i) => app.factories.signedIn({ privileges: i === 2 ? ['admin'] : ['normal'] })));
    const gone = await app.factories.signedIn();
    await app.services.db.update(users).set({ valid: false }).where(eq(users.id, gone.user.id));
    // Tokens of five people (one of them twice), a disabled account and an unknown one, resolved in one turn.
    const tokens = [...people.map((p) => p.token), people[0]!.token, gone.token, await craftToken(2_000_000_000)];
    const results = await Promise.all(tokens.map((t) => resolveToken(app.services, t)));
    expect(results.map((r) => ('user' in r ? r.user!.id : r.error))).toEqual([...people.map((p) => p.user.id), people[0]!.user.id, 'user.invalid', 'user.invalid']);
    expect(results.map((r) => 'user' in r && r.user!.isAdmin)).toEqual([false, false, true, false, false, false, false, false]);
  });

  it('re-reads privileges from the database on every request, never from the token', async () => {
    const { user, token } = await app.factories.signedIn({ privileges: ['normal'] });
    const other = await app.factories.createUser();
    const ask = () => app.request.get(`/api/user/info4admin?id=${other.id}`).set('x-access-token', token);
    expectError(await ask(), 403, 'user.permissionDenined');
    await app.services.db.update(users).set({ privileges: ['super'] }).where(eq(users.id, user.id));
    expectOk(await ask(), 'userInfo.success');
    await app.services.db.update(users).set({ privileges: ['normal'] }).where(eq(users.id, user.id));
    expectError(await ask(), 403, 'user.permissionDenined');
  });

  it('ignores a token sent as a cookie', async () => {
    const { token } = await app.factories.signedIn();
    expectTokenExpired(await app.request.get('/api/user/me').set('Cookie', `x-access-token=${token}; token=${token}`));
  });
});

describe('CORS', () => {
  it('echoes the Origin without credentials (the API never reads cookies)', async () => {
    const res = await app.request.get('/api/captcha').set('Origin', 'https://bfban.example');
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://bfban.example');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers.vary).toMatch(/Origin/);
  });

  it('never answers CORS for Origin: null, on the API, its errors, preflights and the socket handshake', async () => {
    for (const res of [
      await app.request.get('/api/captcha').set('Origin', 'null'),
      await app.request.get('/api/nothing').set('Origin', 'null'),
      await app.request.options('/api/user/signin').set('Origin', 'null').set('Access-Control-Request-Method', 'POST'),
    ]) {
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
    const handshake = await app.request.get('/socket.io/?EIO=4&transport=polling').set('Origin', 'null');
    expect(handshake.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers preflights with 200 and the allowed methods and headers', async () => {
    const res = await app.request
      .options('/api/user/signin')
      .set('Origin', 'https://app.example')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'x-access-token, content-type');
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(res.headers['access-control-allow-headers']).toMatch(/x-access-token/i);
    for (const m of ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']) expect(res.headers['access-control-allow-methods']).toContain(m);
  });

  it('sends no CORS headers without an Origin, and never a wildcard', async () => {
    const res = await app.request.get('/api/captcha');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const withOrigin = await app.request.get('/api/nothing').set('Origin', 'https://x.example');
    expect(withOrigin.headers['access-control-allow-origin']).toBe('https://x.example');
  });
});

describe('CORS_ORIGINS allow-list', () => {
  let narrow: TestApp;
  beforeAll(async () => {
    narrow = await createTestApp({
      env: { CORS_ORIGINS: 'https://bfban.example, https://app.bfban.example', CORS_CREDENTIAL_ORIGINS: 'https://bfban.example' },
    });
  });
  afterAll(() => narrow?.close());

  it('echoes only the listed origins', async () => {
    const listed = await narrow.request.get('/api/captcha').set('Origin', 'https://app.bfban.example');
    expect(listed.headers['access-control-allow-origin']).toBe('https://app.bfban.example');
    expect(listed.headers['access-control-allow-credentials']).toBeUndefined();
    const other = await narrow.request.get('/api/captcha').set('Origin', 'https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    expect(other.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('adds credentials only for the origins CORS_CREDENTIAL_ORIGINS names (a legacy withCredentials front-end)', async () => {
    const legacy = await narrow.request.get('/api/captcha').set('Origin', 'https://bfban.example');
    expect(legacy.headers['access-control-allow-origin']).toBe('https://bfban.example');
    expect(legacy.headers['access-control-allow-credentials']).toBe('true');
  });

  it('gives the Socket.IO handshake the same CORS answer', async () => {
    const handshake = (origin: string) => narrow.request.get('/socket.io/?EIO=4&transport=polling').set('Origin', origin);
    const listed = await handshake('https://bfban.example');
    expect(listed.status).toBe(200);
    expect(listed.headers['access-control-allow-origin']).toBe('https://bfban.example');
    expect(listed.headers['access-control-allow-credentials']).toBeUndefined();
    const other = await handshake('https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
