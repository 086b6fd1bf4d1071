import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectOk } from '@server/test/expect';
import { botToken, insertCase } from '@server/test/search-fixtures';
import { caseViewOrder, players, type PlayerRow } from '@server/db/schema';
import { roomOf } from '@shared/socket';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const mirrored = async (ids: number[]) =>
  app.services.db.select({ caseId: caseViewOrder.caseId, status: caseViewOrder.status, valid: caseViewOrder.valid, games: caseViewOrder.games, viewNum: caseViewOrder.viewNum }).from(caseViewOrder).where(inArray(caseViewOrder.caseId, ids)).orderBy(caseViewOrder.caseId);
const own = async (ids: number[]) =>
  app.services.db.select({ caseId: players.id, status: players.status, valid: players.valid, games: players.games, viewNum: players.viewNum }).from(players).where(inArray(players.id, ids)).orderBy(players.id);

const ids = (rows: Array<{ id: number }>) => rows.map((r) => r.id);
const byViews = (a: PlayerRow, b: PlayerRow) => b.viewNum - a.viewNum || b.id - a.id;

describe('the order of cases by views (case_view_order)', () => {
  it('follows every case as it is added, judged, hidden, moved to other games, viewed and deleted', async () => {
    const cases = [await insertCase(app, { viewNum: 3 }), await insertCase(app, { games: ['bfv', 'bf4'], status: 1 }), await insertCase(app, { valid: false })];
    const keys = ids(cases);
    expect(await mirrored(keys)).toEqual(await own(keys));
    const db = app.services.db;
    await db.update(players).set({ status: 2 }).where(eq(players.id, cases[0]!.id));
    await db.update(players).set({ valid: true, games: ['bf6'] }).where(eq(players.id, cases[2]!.id));
    await db.update(players).set({ viewNum: sql`${players.viewNum} + 40` }).where(inArray(players.id, keys));
    expect(await mirrored(keys)).toEqual(await own(keys));
    await db.delete(players).where(eq(players.id, cases[1]!.id));
    expect(ids((await mirrored(keys)).map((r) => ({ id: r.caseId })))).toEqual([cases[0]!.id, cases[2]!.id]);
  });

  it('lists and streams by views in one game, one status and a time range, as the cases themselves order', async () => {
    const from = new Date(Date.now() - 60_000);
    const made: PlayerRow[] = [];
    for (let i = 0; i < 14; i++) {
      made.push(await insertCase(app, { games: i % 3 ? ['bf3'] : ['bf3', 'bf1'], status: i % 2, viewNum: (i * 7) % 5, valid: i !== 4, createTime: new Date(from.getTime() + i * 1000) }));
    }
    // A view stored after the cases were made moves one of them to the top.
    await app.services.db.update(players).set({ viewNum: 1000 }).where(eq(players.id, made[9]!.id));
    app.services.readCache.evict([roomOf.all, ...made.map((c) => roomOf.case(c.id))]);
    const visible = made.filter((c) => c.valid).map((c) => (c.id === made[9]!.id ? { ...c, viewNum: 1000 } : c));
    const expectList = async (q: string, keep: (c: PlayerRow) => boolean, order = byViews) => {
      const res = await app.request.get(`/api/players?${q}&limit=100`);
      expectOk(res, 'players.ok');
      const listed = (res.body.data as { result: Array<{ id: number }> }).result.map((c) => c.id).filter((id) => made.some((m) => m.id === id));
      expect(listed, q).toEqual(ids(visible.filter(keep).sort(order)));
    };
    await expectList('game=bf3&sortBy=viewNum', () => true);
    await expectList('game=bf1&sortBy=viewNum&status=1', (c) => c.games.includes('bf1') && c.status === 1);
    await expectList('game=bf1&sortBy=viewNum&order=asc', (c) => c.games.includes('bf1'), (a, b) => byViews(b, a));
    const since = made[6]!.createTime.getTime();
    await expectList(`game=bf3&sortBy=viewNum&status=0&createTimeFrom=${since}`, (c) => c.status === 0 && c.createTime.getTime() >= since);
    const stream = await app.request
      .get('/api/players/stream?game=bf1&sortBy=viewNum&order=desc')
      .set('x-access-token', await botToken(app))
      .buffer(true)
      .parse((res, cb) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => cb(null, text));
      });
    expect(stream.status).toBe(200);
    const streamed = (JSON.parse(stream.body as string) as Array<{ id: number }>).map((c) => c.id).filter((id) => made.some((m) => m.id === id));
    expect(streamed).toEqual(ids(visible.filter((c) => c.games.includes('bf1')).sort(byViews)));
  });

  // No index of the cases holds their views: a stored view is written beside the old row version
  // (HOT), entering none of the cases' indexes. An index on `view_num` would make every one a
  // write into all of them.
  it('stores a view without writing into any index of the cases', async () => {
    const c = await insertCase(app);
    const hot = await app.services.db.transaction(async (tx) => {
      const count = async () => Number(((await tx.execute(sql`select pg_stat_get_xact_tuples_hot_updated('players'::regclass) as n`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
      const before = await count();
      await tx.update(players).set({ viewNum: sql`${players.viewNum} + 1` }).where(eq(players.id, c.id));
      return (await count()) - before;
    });
    expect(hot).toBe(1);
  });
});

