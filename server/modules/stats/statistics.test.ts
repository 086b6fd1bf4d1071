import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { players } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid, expectOk } from '@server/test/expect';
import { botToken, insertCase, insertEntry, insertUser, reportName } from '@server/test/search-fixtures';
import { roomOf } from '@shared/socket';

let app: TestApp;
let bot: string;
beforeAll(async () => {
  app = await createTestApp();
  bot = await botToken(app);
});
afterAll(() => app?.close());

const ALL = { reports: 1, players: 1, confirmed: 1, registers: 1, admins: 1, banAppeals: 1 };
const statistics = (query: Record<string, string | number>) => app.request.get('/api/statistics').query(query);
const counters = async (query: Record<string, string | number> = ALL) => {
  const res = await statistics(query);
  expectOk(res, 'statistics.ok');
  return res.body.data as Record<string, number>;
};
/** A judgement's status change written directly, announced as the product's event would. */
async function setStatus(id: number, status: number) {
  await app.services.db.update(players).set({ status }).where(eq(players.id, id));
  app.services.readCache.evict([roomOf.case(id)]);
}

describe('GET /api/statistics', () => {
  it('counts reports, cases and confirmed cases as they are filed and judged', async () => {
    const before = await counters();
    const first = await reportName(app, bot, app.directory.freshAccount().name);
    await reportName(app, bot, app.directory.freshAccount().name);
    await reportName(app, bot, app.directory.freshAccount().name);
    const afterReports = await counters();
    expect(afterReports.players - before.players).toBe(3);
    expect(afterReports.reports - before.reports).toBe(3);
    expect(afterReports.confirmed).toBe(before.confirmed);

    await setStatus(first, 1);
    expect((await counters()).confirmed - before.confirmed).toBe(1);
    await setStatus(first, 3);
    expect((await counters()).confirmed - before.confirmed).toBe(0);

    // A second report on a case is a report, not a case.
    const [row] = await app.services.db.select().from(players).where(eq(players.id, first));
    expect(await reportName(app, bot, row!.originName)).toBe(first);
    const afterAgain = await counters();
    expect(afterAgain.reports - before.reports).toBe(4);
    expect(afterAgain.players - before.players).toBe(3);
  });

  it('does not count hidden cases', async () => {
    const before = await counters();
    await insertCase(app, { valid: false, status: 1 });
    const after = await counters();
    expect(after.players).toBe(before.players);
    expect(after.confirmed).toBe(before.confirmed);
  });

  it('counts registrations and appeals since the day of `from`', async () => {
    const before = await counters();
    await app.factories.createUser();
    await insertUser(app, { createTime: new Date('2019-05-01T12:00:00.000Z') });
    const c = await insertCase(app);
    await insertEntry(app, c, { type: 'banAppeal', appealStatus: 'open' });
    await insertEntry(app, c, { type: 'report', createTime: new Date('2019-05-01T12:00:00.000Z') });
    const after = await counters();
    expect(after.registers - before.registers).toBe(2);
    expect(after.banAppeals - before.banAppeals).toBe(1);
    expect(after.reports - before.reports).toBe(1);

    // `from` counts whole UTC days: anything on 2019-05-01 counts from any instant of that day.
    const may = await counters({ reports: 1, registers: 1, from: Date.parse('2019-05-01T23:59:00.000Z') });
    const june = await counters({ reports: 1, registers: 1, from: Date.parse('2019-06-01T00:00:00.000Z') });
    expect(may.reports - june.reports).toBe(1);
    expect(may.registers - june.registers).toBe(1);
    const tomorrow = await counters({ reports: 1, registers: 1, banAppeals: 1, from: Date.now() + 24 * 60 * 60 * 1000 });
    expect(tomorrow).toEqual({ reports: 0, registers: 0, banAppeals: 0 });
  });

  it('counts the staff: admin, super, root and dev, valid accounts only', async () => {
    const before = (await counters({ admins: 1 })).admins;
    for (const privileges of [['admin'], ['super'], ['root'], ['dev'], ['admin', 'dev']]) await app.factories.createUser({ privileges });
    for (const privileges of [['normal'], ['volunteer', 'normal'], ['bot'], ['blacklisted']]) await app.factories.createUser({ privileges });
    await app.factories.createUser({ privileges: ['admin'], valid: false });
    expect((await counters({ admins: 1 })).admins - before).toBe(5);
  });

  it('answers only the counters asked for, as integers', async () => {
    const data = await counters({ reports: 1, confirmed: 'true' });
    expect(Object.keys(data).sort()).toEqual(['confirmed', 'reports']);
    expect(Number.isInteger(data.reports)).toBe(true);
    expect(await counters({})).toEqual({});
    const every = await counters();
    expect(Object.keys(every).sort()).toEqual(['admins', 'banAppeals', 'confirmed', 'players', 'registers', 'reports']);
    for (const v of Object.values(every)) expect(Number.isInteger(v)).toBe(true);
  });

  it('treats any non-empty flag as on, "false" and "\'\'" included, and an empty one as off', async () => {
    expect(Object.keys(await counters({ players: 'false', reports: "''", confirmed: '', details: 1 })).sort()).toEqual(['players', 'reports']);
  });

  it('sends Cache-Control: public, max-age=30', async () => {
    const res = await statistics({ players: 1 });
    expect(res.headers['cache-control']).toBe('public, max-age=30');
  });

  it.each([['yesterday'], ['-5'], ['1.5'], ['1e20']])('400 statistics.bad for from=%s', async (from) => {
    expectInvalid(await statistics({ reports: 1, from }), 'statistics.bad', 'from');
  });

  it('429 request.rateLimited above 5 calls in 10 s from one address', async () => {
    const send = () => app.request.get('/api/statistics').query({ players: 1 }).set('X-Forwarded-For', '10.251.0.9');
    for (let i = 0; i < 5; i++) expectOk(await send(), 'statistics.ok');
    expectError(await send(), 429, 'request.rateLimited');
  });
});

describe('POST /api/playerStatistics', () => {
  const ask = (data: unknown) => app.request.post('/api/playerStatistics').send({ data });
  const counts = async (data: Array<{ game: string; status: number }>) => {
    const res = await ask(data);
    expectOk(res, 'playerStatistics.success');
    return res.body.data as Array<{ game: string; status: number; count: number }>;
  };
  const QUESTIONS = [
    { game: 'bf4', status: -1 },
    { game: 'bf4', status: 1 },
    { game: '*', status: -1 },
    { game: 'bf3', status: 9 },
    { game: 'bf4', status: 7 },
    { game: 'bf4', status: 3 },
    { game: 'bf4', status: 1 },
  ];

  it('answers in request order, duplicates included, from the case counters', async () => {
    const before = await counts(QUESTIONS);
    expect(before.map(({ game, status }) => ({ game, status }))).toEqual(QUESTIONS);
    const confirmedA = await insertCase(app, { games: ['bf4'], status: 1 });
    await insertCase(app, { games: ['bf4'], status: 1 });
    await insertCase(app, { games: ['bf4'], status: 0 });
    await insertCase(app, { games: ['bf3', 'bf4'], status: 9 });
    await insertCase(app, { games: ['bf4'], status: 1, valid: false });
    const after = await counts(QUESTIONS);
    expect(after.map((a, i) => a.count - before[i]!.count)).toEqual([4, 2, 4, 1, 0, 0, 2]);

    await setStatus(confirmedA.id, 3);
    const judged = await counts(QUESTIONS);
    expect(judged.map((a, i) => a.count - before[i]!.count)).toEqual([4, 1, 4, 1, 0, 1, 1]);
  });

  it('counts a case reported through the API in its game', async () => {
    const [before] = await counts([{ game: 'bfv', status: 0 }]);
    await reportName(app, bot, app.directory.freshAccount().name, { game: 'bfv' });
    const [after] = await counts([{ game: 'bfv', status: 0 }]);
    expect(after!.count - before!.count).toBe(1);
  });

  it('accepts 12 questions and statuses as digit strings', async () => {
    const twelve = Array.from({ length: 12 }, (_, i) => ({ game: '*', status: (i % 11) - 1 }));
    expect((await counts(twelve)).map((a) => a.status)).toEqual(twelve.map((q) => q.status));
    const res = await ask([{ game: 'bf1', status: '1' }]);
    expectOk(res, 'playerStatistics.success');
    expect(res.body.data[0]).toMatchObject({ game: 'bf1', status: 1 });
    expect(Number.isInteger(res.body.data[0].count)).toBe(true);
  });

  it.each([
    ['13 questions', Array.from({ length: 13 }, () => ({ game: '*', status: -1 })), 'data'],
    ['no question', [], 'data'],
    ['an unknown game', [{ game: 'bf2042', status: 0 }], 'data.0.game'],
    ['"all" instead of "*"', [{ game: 'all', status: 0 }], 'data.0.game'],
    ['status 10', [{ game: 'bf1', status: 10 }], 'data.0.status'],
    ['status -2', [{ game: 'bf1', status: -2 }], 'data.0.status'],
    ['a fractional status', [{ game: 'bf1', status: 1.5 }], 'data.0.status'],
  ])('400 playerStatistics.bad for %s', async (_label, data, param) => {
    expectInvalid(await ask(data), 'playerStatistics.bad', param);
  });

  it('400 playerStatistics.bad without data', async () => {
    expectInvalid(await app.request.post('/api/playerStatistics').send({}), 'playerStatistics.bad', 'data');
  });
});

describe('GET /api/admins', () => {
  it('lists valid staff with their roles; platform accounts only of those who show them', async () => {
    const shown = await app.factories.createUser({ privileges: ['admin'], attr: { showOrigin: true } });
    const hidden = await app.factories.createUser({ privileges: ['super'] });
    const root = await app.factories.createUser({ privileges: ['root'], attr: { showOrigin: false } });
    const dev = await app.factories.createUser({ privileges: ['dev'], bound: false, attr: { showOrigin: true } });
    const outsiders = await Promise.all(
      [['normal'], ['volunteer', 'normal'], ['bot'], ['blacklisted'], ['freezed']].map((privileges) => app.factories.createUser({ privileges })),
    );
    const gone = await app.factories.createUser({ privileges: ['admin'], valid: false });

    const res = await app.request.get('/api/admins');
    expectOk(res, 'getAdmins.success');
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    const list = res.body.data as Array<Record<string, unknown>>;
    const ids = list.map((a) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => (a as number) - (b as number)));
    for (const u of [...outsiders, gone]) expect(ids).not.toContain(u.id);
    const byId = new Map(list.map((a) => [a.id, a]));
    expect(byId.get(shown.id)).toEqual({ id: shown.id, username: shown.username, originName: shown.account!.name, originUserId: shown.account!.userId, privilege: ['admin'] });
    expect(byId.get(hidden.id)).toEqual({ id: hidden.id, username: hidden.username, originName: null, originUserId: null, privilege: ['super'] });
    expect(byId.get(root.id)).toMatchObject({ originName: null, originUserId: null, privilege: ['root'] });
    expect(byId.get(dev.id)).toMatchObject({ originName: null, originUserId: null, privilege: ['dev'] });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|players\.example|attr/);
  });
});
