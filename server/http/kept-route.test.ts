import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import supertest from 'supertest';
import { z } from 'zod';
import { rules } from '@shared/policy';
import { createTestApp, type TestApp } from '@server/test/harness';
import { inTransaction } from '@server/db/outbox';
import { authenticate } from '@server/modules/auth/authenticate';
import { AppError } from '@server/app-error';
import { ok, type Reply } from './envelope';
import { defineRoute, mountRoutes } from './route';

// A route's `keep` declaration: the route layer answers from the read cache before the handler runs
// and keeps what the handler answers under the rooms the answer names.
let app: TestApp;
let request: supertest.Agent;
const reads: string[] = [];
/** What the next read of a key does before it answers (a change racing it). */
const during = new Map<string, () => Promise<unknown>>();

const keptQuery = z.object({ key: z.string(), room: z.string().optional(), keepMs: z.coerce.number().optional(), variant: z.string().optional() });

const keptRoute = defineRoute({
  method: 'get',
  path: '/kept',
  tag: 'Test',
  summary: 'A read kept by its declaration.',
  area: 'kept',
  auth: 'none',
  policy: rules.anyone,
  query: keptQuery,
  keep: ({ query }) => (query.key === 'never' ? null : `kept-test:${query.key}`),
  success: { code: 'kept.ok' },
  handler: async ({ query }): Promise<Reply> => {
    reads.push(query.key);
    await during.get(query.key)?.();
    during.delete(query.key);
    const data = { key: query.key, variant: query.variant ?? null, read: reads.length };
    if (query.keepMs !== undefined) return ok('kept.ok', data, { keepMs: query.keepMs });
    return ok('kept.ok', data, query.room ? { rooms: query.room } : {});
  },
});

/** A read that carries a version: `version` stands for what the answer would be now. */
const versionedRoute = defineRoute({
  method: 'get',
  path: '/versioned',
  tag: 'Test',
  summary: 'A read with an entity tag.',
  area: 'versioned',
  auth: 'none',
  policy: rules.anyone,
  query: z.object({ version: z.string(), fail: z.string().optional() }),
  etag: ({ query }) => `W/"${query.version}"`,
  success: { code: 'versioned.ok' },
  handler: async ({ query }): Promise<Reply> => {
    reads.push(`versioned:${query.version}`);
    if (query.fail) throw new AppError('request.bad', 'asked to fail', 400);
    return ok('versioned.ok', { version: query.version });
  },
});

beforeAll(async () => {
  app = await createTestApp();
  const router = express.Router();
  mountRoutes(router, [keptRoute, versionedRoute], app.services, authenticate);
  request = supertest.agent(express().use(router));
});
afterAll(() => app?.close());

let serial = 0;
const fresh = () => `k${++serial}-${Date.now()}`;
const caseRoom = () => `case:${Math.floor(Math.random() * 1e9) + 1}`;
const get = async (query: Record<string, string | number>) => {
  const res = await request.get('/kept').query(query);
  expect([res.status, res.body.code]).toEqual([200, 'kept.ok']);
  return res.body.data as { key: string; variant: string | null; read: number };
};
const readsOf = (key: string) => reads.filter((k) => k === key).length;
const announce = (room: string) =>
  inTransaction(app.services, async ({ emit }) => {
    await emit(room, 'user.updated', { userId: 1 });
  });

describe('a route that keeps its answers', () => {
  it('answers a request of the same key from the kept answer, without running the handler', async () => {
    const key = fresh();
    const room = caseRoom();
    const first = await get({ key, room, variant: 'first' });
    // Another request with the same key is the same answer: the key holds all that differs.
    expect(await get({ key, room, variant: 'second' })).toEqual(first);
    expect(readsOf(key)).toBe(1);
  });

  it('drops the answer when its room announces a change, and only that one', async () => {
    const [key, other] = [fresh(), fresh()];
    const [room, otherRoom] = [caseRoom(), caseRoom()];
    await get({ key, room });
    await get({ key: other, room: otherRoom });
    await announce(room);
    await get({ key, room });
    await get({ key: other, room: otherRoom });
    expect([readsOf(key), readsOf(other)]).toEqual([2, 1]);
    // A change of any case drops the answers kept under `case:*`.
    const list = fresh();
    await get({ key: list, room: 'case:*' });
    await announce(caseRoom());
    await get({ key: list, room: 'case:*' });
    expect(readsOf(list)).toBe(2);
  });

  it('does not keep an answer whose room changed while it was read', async () => {
    const key = fresh();
    const room = caseRoom();
    during.set(key, () => announce(room));
    await get({ key, room });
    await get({ key, room });
    await get({ key, room });
    expect(readsOf(key)).toBe(2);
  });

  it('keeps an aggregate by time alone, whatever is announced', async () => {
    const key = fresh();
    await get({ key, keepMs: 60_000 });
    await announce(caseRoom());
    await announce('case:**');
    await get({ key, keepMs: 60_000 });
    expect(readsOf(key)).toBe(1);
  });

  it('reads each time when the declaration gives no key, or the answer names nothing it depends on', async () => {
    const room = caseRoom();
    await get({ key: 'never', room });
    await get({ key: 'never', room });
    expect(readsOf('never')).toBe(2);
    const unnamed = fresh();
    await get({ key: unnamed });
    await get({ key: unnamed });
    expect(readsOf(unnamed)).toBe(2);
  });

  it('is refused on a route that writes: the server does not start', () => {
    expect(() => mountRoutes(express.Router(), [{ ...keptRoute, method: 'post' }], app.services, authenticate)).toThrow('POST /kept: only a read');
  });

  it("answers 304 without reading when the request holds the answer's version, and tags only successful answers", async () => {
    const first = await request.get('/versioned').query({ version: 'v1' });
    expect([first.status, first.headers.etag]).toEqual([200, 'W/"v1"']);
    const same = await request.get('/versioned').query({ version: 'v1' }).set('If-None-Match', 'W/"v1"').set('Cache-Control', 'no-cache');
    expect(same.status).toBe(304);
    expect(readsOf('versioned:v1')).toBe(1);
    const moved = await request.get('/versioned').query({ version: 'v2' }).set('If-None-Match', 'W/"v1"');
    expect([moved.status, moved.body.data]).toEqual([200, { version: 'v2' }]);
    const failed = await request.get('/versioned').query({ version: 'v3', fail: '1' });
    expect([failed.status, failed.headers.etag]).toEqual([400, undefined]);
  });
});
