import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@server/test/harness';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await createTestApp();
  ({ token } = await app.factories.signedIn());
});
afterAll(() => app?.close());

const put = (body: Uint8Array, headers: Record<string, string> = {}) =>
  fetch(`${app.url}/api/service/upload`, { method: 'PUT', headers: { 'content-type': 'application/octet-stream', ...headers }, body: new Uint8Array(body) });
/** A request on the connection the previous one left in the client's pool, if any. */
const next = () => fetch(`${app.url}/api/user/me`, { headers: { 'x-access-token': token } });

/**
 * Node's fetch keeps connections alive and sends the next request on the same one: an answer sent
 * before its request's body was read must close its connection, or that next request dies with it.
 */
describe('an answer sent before its request body was read', () => {
  it.each([
    ['too large, refused before reading', () => put(Buffer.alloc(31 * 1024 * 1024, 1), { 'x-access-token': token }), 413, 'upload.tooLarge'],
    ['of a type read from its first bytes', () => put(Buffer.alloc(3 * 1024 * 1024, 2), { 'x-access-token': token }), 415, 'upload.unsupport'],
    ['without a token', () => put(Buffer.alloc(1024 * 1024, 3)), 401, 'user.tokenExpired'],
    [
      'in a form no route reads',
      () => fetch(`${app.url}/api/player/reply`, { method: 'POST', headers: { 'x-access-token': token, 'content-type': 'text/plain' }, body: 'x'.repeat(512 * 1024) }),
      400,
      'reply.bad',
    ],
  ] as const)('%s: says Connection: close, and the next request goes through', async (_, send, status, code) => {
    for (let round = 0; round < 2; round++) {
      const refused = await send();
      expect([refused.status, (await refused.json()).code, refused.headers.get('connection')]).toEqual([status, code, 'close']);
      expect((await next()).status).toBe(200);
    }
  });

  it('keeps the connection of an answer whose body was read', async () => {
    const res = await fetch(`${app.url}/api/player/reply`, { method: 'POST', headers: { 'x-access-token': token, 'content-type': 'application/json' }, body: JSON.stringify({ data: {} }) });
    expect([res.status, res.headers.get('connection')]).toEqual([400, 'keep-alive']);
    await res.arrayBuffer();
  });
});
