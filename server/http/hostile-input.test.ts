import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { apiRoutes } from '@server/app';
import { messages } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid } from '@server/test/expect';
import type { AnyRoute } from './route';

let app: TestApp;
let root: string;
beforeAll(async () => {
  app = await createTestApp();
  // Root and dev together pass every route's policy (signin4comm is for dev accounts only).
  ({ token: root } = await app.factories.signedIn({ privileges: ['root', 'dev'] }));
});
afterAll(() => app?.close());

const name = (r: AnyRoute) => `${r.method.toUpperCase()} /api${r.path}`;

describe('a NUL character (PostgreSQL refuses 0x00 in text)', () => {
  it('is refused with 400 <area>.bad by every endpoint, in the query and in the body, never a 500', async () => {
    const wrong: string[] = [];
    for (const r of apiRoutes) {
      const token = r.policy.check(null) ? root : undefined;
      const query = app.request[r.method](`/api${r.path}?id=1&param=a%00b&content=x%00`);
      if (token) query.set('x-access-token', token);
      const body = app.request[r.method](`/api${r.path}`).set('content-type', 'application/json');
      if (token) body.set('x-access-token', token);
      for (const res of [await query, r.method === 'get' ? null : await body.send(JSON.stringify({ data: { content: 'a\u0000b', toPlayerId: 1 }, userName: 'a\u0000b' }))]) {
        if (!res) continue;
        if (res.status !== 400 || res.body.code !== `${r.area}.bad`) wrong.push(`${name(r)}: ${res.status} ${res.body.code}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('names the path: a reply and a judgement log search, as the fuzzer sent them', async () => {
    const reply = await app.request.post('/api/player/reply').set('x-access-token', root).send({ data: { toPlayerId: 1, content: 'a\u0000b' } });
    expectInvalid(reply, 'reply.bad', 'data.content');
    const log = await app.request.post('/api/admin/judgementLog').set('x-access-token', root).send({ userName: 'a\u0000b' });
    expectInvalid(log, 'judgementLog.bad', 'userName');
  });
});

describe('half of a surrogate pair (JSON may escape one; PostgreSQL refuses it in JSON)', () => {
  it('is refused with 400 <area>.bad by every endpoint that takes a body, never a 500', async () => {
    const wrong: string[] = [];
    for (const r of apiRoutes.filter((route) => route.method !== 'get')) {
      const req = app.request[r.method](`/api${r.path}`).set('content-type', 'application/json');
      if (r.policy.check(null)) req.set('x-access-token', root);
      const res = await req.send(JSON.stringify({ data: { content: 'cut \ud83c', toPlayerId: 1, toUserId: 1, type: 'direct' }, userName: '\udc00' }));
      if (res.status !== 400 || res.body.code !== `${r.area}.bad`) wrong.push(`${name(r)}: ${res.status} ${res.body.code}`);
    }
    expect(wrong).toEqual([]);
  });

  it('names the path and the reason, and the message is not kept', async () => {
    const text = `<p>${Date.now()} half an emoji \ud83d</p>`;
    const res = await app.request.post('/api/message').set('x-access-token', root).send({ data: { toUserId: 1, type: 'direct', content: text } });
    expectInvalid(res, 'message.bad', 'data.content');
    expect(res.body.message[0].code).toBe('lone_surrogate');
    const kept = await app.services.db.select({ id: messages.id }).from(messages).where(like(messages.content, `%${text.slice(3, 16)}%`));
    expect(kept).toEqual([]);
  });
});

describe('a validation refusal', () => {
  it('names the failing paths and echoes no more than an excerpt of a 1 MB body', async () => {
    const ids = Array.from({ length: 50_000 }, (_, i) => `not-a-number-${i}`);
    const body = JSON.stringify({ dbIds: ids, ['__proto__']: { polluted: true }, constructor: { prototype: { x: 1 } } });
    expect(body.length).toBeGreaterThan(900_000);
    const res = await app.request.post('/api/player/batch').set('content-type', 'application/json').send(body);
    expectError(res, 400, 'playerBatch.bad');
    expect(JSON.stringify(res.body).length).toBeLessThan(4_000);
    expect(JSON.stringify(res.body)).not.toContain('polluted');
    expect(res.body.message[0]).toMatchObject({ param: expect.stringMatching(/^dbIds/) });
    const whole = await app.request.post('/api/player/batch').set('content-type', 'application/json').send(JSON.stringify({ dbIds: { huge: 'y'.repeat(1_000_000) } }));
    expectError(whole, 400, 'playerBatch.bad');
    expect(JSON.stringify(whole.body).length).toBeLessThan(4_000);
  });
});
