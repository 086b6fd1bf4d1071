import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { isErrorCode } from '@shared/errors';
import { createTestApp, TEST_SECRET, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid, expectOk, expectTokenExpired } from '@server/test/expect';
import { apiRoutes } from '@server/app';
import { LIMITS } from '@shared/limits';

/** Each case here is one the fuzzer found answering a 5xx or outside the envelope, as it sent it. */
let app: TestApp;
let root: string;
let user: { id: number };
beforeAll(async () => {
  app = await createTestApp();
  ({ token: root, user } = await app.factories.signedIn({ privileges: ['root', 'dev'] }));
});
afterAll(() => app?.close());

describe('a body the JSON reader refuses before any route', () => {
  it('in an unsupported charset or content encoding: 415 request.unsupportedType', async () => {
    const charset = await app.request.post('/api/user/signin').set('content-type', 'application/json; charset=no-such-charset').send('{}');
    expectError(charset, 415, 'request.unsupportedType');
    const encoding = await app.request.post('/api/player/reply').set('x-access-token', root).set('content-type', 'application/json').set('content-encoding', 'compress').send('{}');
    expectError(encoding, 415, 'request.unsupportedType');
    expect(isErrorCode(encoding.body.code)).toBe(true);
  });

  it('declared gzip but not gzip: 400 request.bad, and real gzip is read', async () => {
    const garbage = await app.request.post('/api/user/signin').set('content-type', 'application/json').set('content-encoding', 'gzip').send('{"data":{}}');
    expectError(garbage, 400, 'request.bad');
    expect(isErrorCode(garbage.body.code)).toBe(true);
    const gzipped = await fetch(`${app.url}/api/user/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: zlib.gzipSync(JSON.stringify({ data: { username: 'x' } })),
    });
    expect(gzipped.status).toBe(400);
    expect(await gzipped.json()).toMatchObject({ error: 1, code: 'signin.bad' });
  });
});

describe('a time filter past year 9999', () => {
  it('is refused as bad input by every list that takes one, never a database error', async () => {
    const far = 8_640_000_000_000_000;
    expectInvalid(await app.request.get(`/api/activities?from=${far}`), 'activities.bad', 'from');
    expectInvalid(await app.request.get(`/api/players?createTimeTo=${far}`), 'players.bad', 'createTimeTo');
    expectInvalid(await app.request.get(`/api/admin/adminLog?createTimeFrom=9007199254740991`).set('x-access-token', root), 'admin.adminLog.bad', 'createTimeFrom');
    expectInvalid(await app.request.get(`/api/admin/chatLog?createTimeFrom=9007199254740991`).set('x-access-token', root), 'admin.chatLog.bad', 'createTimeFrom');
    expectInvalid(await app.request.post('/api/admin/judgementLog').set('x-access-token', root).send({ createTimeFrom: 9007199254740991 }), 'judgementLog.bad', 'createTimeFrom');
  });

  it('still takes the last millisecond of year 9999', async () => {
    const res = await app.request.get('/api/activities?from=253402300799999');
    expect(res.status).toBe(200);
  });
});

describe('a token signed with the secret but with odd claims', () => {
  const signed = (claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 60)
      .sign(new TextEncoder().encode(TEST_SECRET));

  it('is an ended session (401), whatever the user id or authorization id holds', async () => {
    for (const claims of [
      { userId: 2 ** 53, signWhen: Date.now() },
      { userId: 1.5, signWhen: Date.now() },
      { userId: user.id, signWhen: Date.now(), visitType: 'external-auth', authId: 2 ** 40 },
      { userId: user.id, signWhen: Date.now(), visitType: 'external-auth', authId: 0.5 },
    ]) {
      const token = await signed(claims);
      expectTokenExpired(await app.request.get('/api/user/me').set('x-access-token', token));
      expectTokenExpired(await app.request.put('/api/service/upload').set('x-access-token', token).send('{}'));
    }
  });
});

describe('a big-file session id longer than any id', () => {
  it('is a session that does not exist (404), for a chunk, a status and a cancel', async () => {
    const id = 'x'.repeat(65);
    expectError(await app.request.put(`/api/service/uploadSession/${id}`).set('content-range', 'bytes 0-0/1').send('a'), 404, 'upload.sessionNotFound');
    expectError(await app.request.get(`/api/service/uploadSession/${id}`), 404, 'upload.sessionNotFound');
    expectError(await app.request.delete(`/api/service/uploadSession/${id}`), 404, 'upload.sessionNotFound');
  });
});

describe('an app authorization asked for the longest token lifetime allowed', () => {
  it('is stored (30 days in ms does not fit a 32-bit column)', async () => {
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], visitType: 'bot', skipCaptcha: true });
    const { user: target } = await app.factories.signedIn();
    const res = await app.request
      .post('/api/service/externalAuth')
      .set('x-access-token', bot)
      .send({ id: target.id, appName: 'Long app', appId: 'long-1', EXPIRES_IN: LIMITS.appTokenTtlMaxMs, CALLBACK_PATH: 'https://app.example/callback' });
    expectOk(res, 'externalAuth.success');
  });
});

describe('every route', () => {
  it('refuses bad input with a catalogue code: its <area>.bad is in the catalogue', () => {
    expect(apiRoutes.map((r) => `${r.area}.bad`).filter((code) => !isErrorCode(code))).toEqual([]);
  });
});

describe('a socket event with more arguments than the protocol has', () => {
  it('is still acknowledged through the callback that comes last', async () => {
    const socket = await app.socket();
    // Untyped: the typed event map does not let a client send extra arguments.
    const raw = socket as unknown as { timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> } };
    const joined = await raw.timeout(3_000).emitWithAck('room:join', { room: 'all' }, 'extra');
    expect(joined).toMatchObject({ ok: true, room: 'all' });
    const left = await raw.timeout(3_000).emitWithAck('room:leave', { room: 'all' }, 0, null);
    expect(left).toEqual({ ok: true });
    socket.disconnect();
  });
});

describe('a socket that asks to leave a room only the server uses', () => {
  it('stays in it: signing out still ends the connection', async () => {
    const { user: u, token } = await app.factories.signedIn();
    const socket = await app.socket(token);
    const ended = new Promise<string>((resolve) => {
      socket.on('disconnect', (reason) => resolve(reason));
      setTimeout(() => resolve('still connected'), 5_000);
    });
    expect(await socket.timeout(3_000).emitWithAck('room:leave', { room: `uid:${u.id}` })).toEqual({ ok: true });
    expect(await socket.timeout(3_000).emitWithAck('room:leave', { room: socket.id! })).toEqual({ ok: true });
    expectOk(await app.request.post('/api/user/signout').set('x-access-token', token), 'logout.success');
    expect(await ended).toBe('io server disconnect');
  });
});
