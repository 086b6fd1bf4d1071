import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectOk } from '@server/test/expect';
import { eq } from 'drizzle-orm';
import { players } from '@server/db/schema';
import { insertCase } from '@server/test/search-fixtures';
import { caseKey } from '@shared/schemas/cases';
import { readCase } from './queries';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const list = async (q: string) => {
  const res = await app.request.get(`/api/players?${q}`);
  expectOk(res, 'players.ok');
  return res.body.data as { result: Array<{ id: number }>; total: number };
};

describe('case reads', () => {
  it('GET /player may be kept 30 s by browsers and proxies, as the original', async () => {
    const c = await insertCase(app);
    const res = await app.request.get(`/api/player?dbId=${c.id}`);
    expectOk(res, 'player.ok');
    expect(res.headers['cache-control']).toBe('public, max-age=30');
  });

  it('reads sent together (one shared statement per key) each hear their own case, by every key', async () => {
    const cases = [await insertCase(app), await insertCase(app), await insertCase(app)];
    const hidden = await insertCase(app, { valid: false });
    // A persona id with two cases: the oldest answers, as a read on its own does.
    const twin = await insertCase(app);
    await app.services.db.update(players).set({ originPersonaId: cases[0]!.originPersonaId }).where(eq(players.id, twin.id));
    const asks = [
      ...cases.flatMap((c) => [`dbId=${c.id}`, `personaId=${c.originPersonaId}`, `userId=${c.originUserId}`]),
      `dbId=${hidden.id}`,
      `personaId=${hidden.originPersonaId}`,
      'dbId=999999999',
      `userId=${cases[2]!.originUserId}`,
    ];
    const direct = await Promise.all(asks.map((q) => readCase(app.services.db, caseKey.parse(Object.fromEntries(new URLSearchParams(q))))));
    expect(direct.map((row) => row?.id ?? null)).toEqual([...cases.flatMap((c) => [c.id, c.id, c.id]), null, null, null, cases[2]!.id]);
    const answers = await Promise.all(asks.map((q) => app.request.get(`/api/player?${q}`)));
    answers.slice(0, 9).forEach((res, i) => {
      expectOk(res, 'player.ok');
      expect(res.body.data.id).toBe(cases[Math.floor(i / 3)]!.id);
    });
    for (const res of answers.slice(9, 12)) expect(res.body.code).toBe('player.notFound');
  });

  it('lists one game from its own indexes: hidden cases and other games stay out, totals stay exact', async () => {
    // A time window no other test writes in isolates these cases.
    const base = Date.UTC(2003, 0, 1) + Math.floor(Math.random() * 300) * 86_400_000;
    const at = (h: number) => new Date(base + h * 3_600_000);
    const visible = [];
    // No status 2: the 7-day suspect sweep would confirm such old cases (and touch their update time) meanwhile.
    for (let h = 0; h < 7; h++) visible.push(await insertCase(app, { games: h % 2 ? ['bf3', 'bfv'] : ['bfv'], createTime: at(h), status: [0, 1, 3][h % 3] }));
    await insertCase(app, { games: ['bfv'], createTime: at(3.5), valid: false });
    await insertCase(app, { games: ['bf1'], createTime: at(4.5) });
    const window = `createTimeFrom=${base}&createTimeTo=${base + 10 * 3_600_000}`;
    for (const sortBy of ['createTime', 'updateTime', 'viewNum', 'commentsNum']) {
      const all = await list(`game=bfv&${window}&sortBy=${sortBy}&limit=100`);
      expect(all.total, sortBy).toBe(7);
      expect(all.result.map((c) => c.id).sort(), sortBy).toEqual(visible.map((c) => c.id).sort());
    }
    const newest = await list(`game=bfv&${window}&sortBy=createTime&limit=3&skip=2`);
    expect(newest.result.map((c) => c.id)).toEqual([visible[4]!.id, visible[3]!.id, visible[2]!.id]);
    const oldest = await list(`game=bfv&${window}&sortBy=updateTime&order=asc&limit=2&skip=1`);
    expect(oldest.result.map((c) => c.id)).toEqual([visible[1]!.id, visible[2]!.id]);
    const both = await list(`game=bf3&${window}&status=1&limit=100`);
    expect(both.result.map((c) => c.id)).toEqual([visible[1]!.id]);
    expect(both.total).toBe(1);
    // A listed case is the record GET /player answers, field for field and in the same order.
    const one = await app.request.get(`/api/player?dbId=${visible[1]!.id}`);
    expect(JSON.stringify(both.result[0])).toBe(JSON.stringify(one.body.data));
  });

  it('answers an empty page past the end with the exact total', async () => {
    const base = Date.UTC(2002, 0, 1) + Math.floor(Math.random() * 300) * 86_400_000;
    for (let h = 0; h < 3; h++) await insertCase(app, { games: ['bf6'], createTime: new Date(base + h * 60_000) });
    const timed = await list(`game=bf6&createTimeFrom=${base}&createTimeTo=${base + 3_600_000}&skip=500`);
    expect(timed).toEqual({ result: [], total: 3 });
    const first = await list('game=bf6&status=-1');
    const past = await list('game=bf6&status=-1&skip=1000000');
    expect(past.result).toEqual([]);
    expect(past.total).toBe(first.total);
    expect(past.total).toBeGreaterThanOrEqual(3);
  });
});
