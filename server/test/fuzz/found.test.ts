import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { isErrorCode } from '@shared/errors';
import { createTestApp, TEST_SECRET, type ClientSocket, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid, expectOk, expectTokenExpired } from '@server/test/expect';
import { apiRoutes } from '@server/app';
import { LIMITS } from '@shared/limits';
import { capturingLogger } from './engine';

/** Each case here is one the fuzzer found answering a 5xx or outside the envelope, as it sent it. */
let app: TestApp;
let root: string;
let user: { id: number };
const logs = capturingLogger();
beforeAll(async () => {
  app = await createTestApp({ log: logs.log });
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

/** JSON text of arrays nested `levels` deep around a number (written out: stringifying them overflows first). */
const nestedArrays = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
/** Deep enough to overflow validation's stack on this runtime, shallow enough for JSON.parse. */
const DEEP = 3_500;

/** A socket.io event with an acknowledgement, sent as raw packet text; resolves with the acknowledgement's argument. */
function rawEventWithAck(socket: ClientSocket, event: string, payloadJson: string, id: number): Promise<unknown> {
  const engine = socket.io.engine as unknown as { send(msg: string): void; on(e: 'data', f: (d: unknown) => void): void; off(e: 'data', f: (d: unknown) => void): void };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no acknowledgement of ${event}`)), 5_000);
    const onData = (data: unknown) => {
      if (typeof data !== 'string' || !data.startsWith(`3${id}[`)) return;
      clearTimeout(timer);
      engine.off('data', onData);
      resolve((JSON.parse(data.slice(`3${id}`.length)) as unknown[])[0]);
    };
    engine.on('data', onData);
    engine.send(`2${id}${JSON.stringify([event]).slice(0, -1)},${payloadJson}]`);
  });
}

describe('a payload nested thousands of levels deep', () => {
  // Found by the long fuzz run (seed 480950818): validation compared the `length` it found with a
  // limit, which turned the nested arrays into text recursively and overflowed the stack (500).
  const post = (path: string, body: string, token?: string) => {
    const req = app.request.post(path).set('content-type', 'application/json');
    return (token ? req.set('x-access-token', token) : req).send(body);
  };

  it('is a 400 request.bad on any route, before the route reads it', async () => {
    const deep = nestedArrays(DEEP);
    expectError(await post('/api/playerStatistics', `{"data":{"length":${deep}}}`), 400, 'request.bad');
    expectError(await post('/api/player/reply', `{"data":{"toPlayerId":1,"content":{"length":${deep}}}}`, root), 400, 'request.bad');
    expectError(await post('/api/user/signin', `{"data":{"username":{"length":${deep}}}}`), 400, 'request.bad');
    expect(logs.lines).toEqual([]);
  });

  it(`is read by the route up to ${LIMITS.jsonDepthMax} levels`, async () => {
    // The body's object and `data` are two levels.
    expectInvalid(await post('/api/playerStatistics', `{"data":{"length":${nestedArrays(LIMITS.jsonDepthMax - 2)}}}`), 'playerStatistics.bad', 'data');
    expectError(await post('/api/playerStatistics', `{"data":{"length":${nestedArrays(LIMITS.jsonDepthMax - 1)}}}`), 400, 'request.bad');
  });

  it('in a socket event is answered room.bad, and nothing is logged', async () => {
    const socket = await app.socket();
    const deep = nestedArrays(DEEP);
    expect(await rawEventWithAck(socket, 'room:join', `{"room":{"length":${deep}}}`, 901)).toEqual({ ok: false, room: '', code: 'room.bad' });
    expect(await rawEventWithAck(socket, 'room:join', `{"room":"all","lastSeq":{"length":${deep}}}`, 902)).toEqual({ ok: false, room: 'all', code: 'room.bad' });
    expect(await rawEventWithAck(socket, 'room:leave', `{"room":{"length":${deep}}}`, 903)).toEqual({ ok: true });
    expect(await socket.timeout(3_000).emitWithAck('room:join', { room: 'all' })).toMatchObject({ ok: true, room: 'all' });
    expect(logs.lines).toEqual([]);
    socket.disconnect();
  });
});

describe('an object in place of a list or a text, whose length cannot be compared', () => {
  // Found by the long fuzz run (seed 1503985644): zod measures a `length` it finds even on a value of
  // the wrong type, and `{"toString":null}` there made the comparison throw (500, or no socket answer).
  const uncomparable = '{"toString":null,"valueOf":null}';

  it('is the route’s <area>.bad, as any value of the wrong type', async () => {
    const stats = await app.request.post('/api/playerStatistics').set('content-type', 'application/json').send(`{"data":{"length":${uncomparable}}}`);
    expectError(stats, 400, 'playerStatistics.bad');
    const reply = await app.request
      .post('/api/player/reply')
      .set('x-access-token', root)
      .set('content-type', 'application/json')
      .send(`{"data":{"toPlayerId":1,"content":{"length":${uncomparable}}}}`);
    expectError(reply, 400, 'reply.bad');
    const mark = await app.request.post('/api/message/mark').set('x-access-token', root).set('content-type', 'application/json').send(`{"type":"read","ids":{"length":${uncomparable}}}`);
    expectError(mark, 400, 'message.bad');
    expect(logs.lines).toEqual([]);
  });

  it('in a socket event is answered room.bad or left, and nothing is logged', async () => {
    const socket = await app.socket();
    expect(await rawEventWithAck(socket, 'room:join', `{"room":{"length":${uncomparable}}}`, 911)).toEqual({ ok: false, room: '', code: 'room.bad' });
    expect(await rawEventWithAck(socket, 'room:leave', `{"room":{"length":${uncomparable}}}`, 912)).toEqual({ ok: true });
    expect(logs.lines).toEqual([]);
    socket.disconnect();
  });
});
