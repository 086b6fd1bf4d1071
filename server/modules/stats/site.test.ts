import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { players } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectInvalid, expectOk, ISO_DATE } from '@server/test/expect';
import { insertCase, insertEntries, insertUser } from '@server/test/search-fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

// First in the file: the site charts are cached for 5 minutes from their first computation.
describe('GET /api/siteStats', () => {
  const cases = ['2019-06-01', '2019-06-01', '2021-03-15', '2024-12-31'].map((d) => new Date(`${d}T10:00:00.000Z`));
  const joined = ['2018-11-04', '2020-01-01', '2023-07-07'].map((d) => new Date(`${d}T10:00:00.000Z`));

  it('answers 21 cumulative points from 2018-10-12 to now for cases, confirmed cases and users', async () => {
    for (const createTime of cases) await insertCase(app, { createTime });
    await insertCase(app, { createTime: new Date('2020-02-02T00:00:00.000Z'), valid: false });
    // Confirmations count on the day they happen (today).
    const confirmed = await insertCase(app, { createTime: new Date('2022-02-02T00:00:00.000Z') });
    await app.services.db.update(players).set({ status: 1 }).where(eq(players.id, confirmed.id));
    for (const createTime of joined) await insertUser(app, { createTime });

    const started = Date.now();
    const res = await app.request.get('/api/siteStats');
    expectOk(res, 'siteStats.ok');
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    const { playerStats, confirmStats, userStats } = res.body.data as Record<string, Array<{ time: string; num: number }>>;
    for (const series of [playerStats, confirmStats, userStats]) {
      expect(series).toHaveLength(21);
      for (const p of series) expect(p.time).toMatch(ISO_DATE);
      expect(series[0]!.time).toBe('2018-10-12T00:00:00.000Z');
      expect(Math.abs(Date.parse(series[20]!.time) - started)).toBeLessThan(60_000);
    }
    const times = playerStats.map((p) => Date.parse(p.time));
    const slice = times[1]! - times[0]!;
    for (let i = 1; i < times.length; i++) expect(Math.abs(times[i]! - times[i - 1]! - slice)).toBeLessThanOrEqual(1);

    // Each point counts everything up to the end of its UTC day.
    const upTo = (dates: Date[], time: string) => dates.filter((d) => d.toISOString().slice(0, 10) <= time.slice(0, 10)).length;
    const allCases = [...cases, new Date('2022-02-02T00:00:00.000Z')];
    expect(playerStats.map((p) => p.num)).toEqual(playerStats.map((p) => upTo(allCases, p.time)));
    expect(confirmStats.map((p) => p.num)).toEqual([...Array(20).fill(0), 1]);
    expect(userStats.map((p) => p.num)).toEqual(userStats.map((p) => upTo(joined, p.time)));
    expect(playerStats.map((p) => p.num).some((n) => n > 0 && n < 5)).toBe(true);
  });

  it('serves the same charts for 5 minutes', async () => {
    const first = (await app.request.get('/api/siteStats')).body.data;
    await insertCase(app, { createTime: new Date('2019-01-01T00:00:00.000Z') });
    await insertUser(app);
    const second = await app.request.get('/api/siteStats');
    expectOk(second, 'siteStats.ok');
    expect(second.body.data).toEqual(first);
  });
});

describe('GET /api/activeStatistical', () => {
  const stat = (query: Record<string, string | number> = {}) => app.request.get('/api/activeStatistical').query(query);
  const rankings = async (query: Record<string, string | number> = {}) => {
    const res = await stat(query);
    expectOk(res, 'statistics.ok');
    return res.body.data as Record<'community' | 'report' | 'achievement', Array<{ id: number; username: string; total: number }>>;
  };
  const ids = (rows: Array<{ id: number; total: number }>) => rows.map((r) => [r.id, r.total]);
  const u: Record<string, { id: number; username: string }> = {};

  beforeAll(async () => {
    const now = Date.now();
    const recent = new Date(now - 60 * MIN);
    const c = await insertCase(app);
    const make = async (key: string, privileges: string[] = ['normal'], extra: Parameters<typeof insertUser>[1] = {}) => {
      u[key] = await insertUser(app, { username: `rank-${key}-${c.id}`, privileges, ...extra });
    };
    await make('replier');
    await make('reporter');
    await make('judge', ['admin']);
    await make('bot', ['bot']);
    await make('banned', ['blacklisted']);
    await make('muted', ['normal'], { attr: { mute: new Date(now + DAY).toISOString() } });
    await make('wasMuted', ['normal'], { attr: { mute: new Date(now - DAY).toISOString() } });
    await make('appellant');
    await make('monthOnly');
    await make('deleted', ['normal'], { valid: false });
    const write = (key: string, count: number, type: 'reply' | 'report' | 'judgement' | 'banAppeal', o: { valid?: boolean; at?: Date } = {}) =>
      insertEntries(app, c, count, { type, byUserId: u[key]!.id, valid: o.valid, createTime: o.at ?? recent });
    await write('replier', 3, 'reply');
    await write('replier', 1, 'report');
    await write('replier', 10, 'reply', { valid: false });
    await write('reporter', 2, 'report');
    await write('judge', 2, 'judgement');
    await write('bot', 10, 'report');
    await write('banned', 10, 'reply');
    await write('muted', 10, 'reply');
    await write('wasMuted', 1, 'reply');
    await write('appellant', 5, 'banAppeal');
    await write('monthOnly', 10, 'reply', { at: new Date(now - 20 * DAY) });
    await write('deleted', 10, 'reply');
  });

  it('ranks community participation (reply 1, report 2, judgement 1, appeal 0) and reports in the week', async () => {
    const data = await rankings();
    expect(ids(data.community)).toEqual([
      [u.replier!.id, 5],
      [u.reporter!.id, 4],
      [u.judge!.id, 2],
      [u.wasMuted!.id, 1],
    ]);
    expect(ids(data.report)).toEqual([
      [u.reporter!.id, 2],
      [u.replier!.id, 1],
    ]);
    expect(data.achievement).toEqual([]);
    expect(data.community[0]).toEqual({ id: u.replier!.id, username: u.replier!.username, total: 5 });
  });

  it('includes bots when asked with isBot=true', async () => {
    const data = await rankings({ isBot: 'true' });
    expect(ids(data.community)[0]).toEqual([u.bot!.id, 20]);
    expect(ids(data.report)[0]).toEqual([u.bot!.id, 10]);
    expect(ids((await rankings({ isBot: 'false' })).community).map(([id]) => id)).not.toContain(u.bot!.id);
  });

  it('widens the window with time', async () => {
    const month = await rankings({ time: 'monthly' });
    expect(ids(month.community)[0]).toEqual([u.monthOnly!.id, 10]);
    expect(ids(await rankings({ time: 'daily' }).then((d) => d.community))).toEqual(ids((await rankings({ time: 'weekly' })).community));
  });

  it('answers only the rankings asked for (any non-empty flag asks, "false" included)', async () => {
    const reportOnly = await rankings({ report: 1 });
    expect(reportOnly.community).toEqual([]);
    expect(reportOnly.report.length).toBeGreaterThan(0);
    const community = await rankings({ community: 'false', achievement: 'true' });
    expect(community.community.length).toBeGreaterThan(0);
    expect(community.report).toEqual([]);
    expect(community.achievement).toEqual([]);
  });

  it('answers at most 10 per ranking', async () => {
    const c = await insertCase(app);
    const old = new Date(Date.now() - 200 * DAY);
    for (let i = 0; i < 12; i++) {
      const user = await insertUser(app);
      await insertEntries(app, c, 1, { type: 'report', byUserId: user.id, createTime: old });
    }
    const year = await rankings({ time: 'yearly' });
    expect(year.community).toHaveLength(10);
    expect(year.report).toHaveLength(10);
  });

  it('sends Cache-Control: public, max-age=30', async () => {
    expect((await stat()).headers['cache-control']).toBe('public, max-age=30');
  });

  it.each([
    [{ time: 'hourly' }, 'time'],
    [{ isBot: 'maybe' }, 'isBot'],
  ])('400 activeStatistical.bad for %j', async (query, param) => {
    expectInvalid(await stat(query), 'activeStatistical.bad', param);
  });
});
