import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameKey } from '@shared/names';
import { eq } from 'drizzle-orm';
import { players, timeline, users } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid, expectOk, ISO_DATE } from '@server/test/expect';
import { LIMITS } from '@shared/limits';
import { botToken, insertCase, insertEntries, insertEntry, plainWord, reportName } from '../../test/search-fixtures';

let app: TestApp;
let bot: string;
beforeAll(async () => {
  app = await createTestApp();
  bot = await botToken(app);
});
afterAll(() => app?.close());

const search = (query: Record<string, string | number>) => app.request.get('/api/search').query(query);
const searchPlayers = (param: string, extra: Record<string, string | number> = {}) => search({ type: 'player', param, ...extra });

/** Every page of a sorted search, concatenated. */
async function allPages(query: Record<string, string | number>, limit: number) {
  const out: Array<Record<string, unknown>> = [];
  for (let skip = 0; ; skip += limit) {
    const res = await search({ ...query, skip, limit });
    expectOk(res, 'search.success');
    out.push(...res.body.data);
    if (res.body.data.length < limit) return { items: out, total: res.body.total as number };
  }
}

describe('GET /api/search?type=player', () => {
  it('finds a case by a look-alike spelling of its name, either way round, in any case', async () => {
    const w = plainWord();
    const tricky = app.directory.freshAccount({ name: `W4llhackW1zard_${w}` });
    const plain = app.directory.freshAccount({ name: `wallhackwizard-${w}x` });
    const trickyId = await reportName(app, bot, tricky.name);
    const plainId = await reportName(app, bot, plain.name);

    const byPlain = await searchPlayers(`wallhackwizard_${w}`);
    expectOk(byPlain, 'search.success');
    expect(byPlain.body.total).toBe(2);
    expect(byPlain.body).not.toHaveProperty('message');
    // Exact key first: `W4llhackW1zard_<w>` folds to exactly the searched key.
    expect(byPlain.body.data.map((d: { dbId: number }) => d.dbId)).toEqual([trickyId, plainId]);
    expect(byPlain.body.data[0].historyName).toBe(tricky.name);

    const byTricky = await searchPlayers(`W4LLHACKW1ZARD-${w}X`);
    expect(byTricky.body.total).toBe(1);
    expect(byTricky.body.data[0]).toMatchObject({ dbId: plainId, historyName: plain.name, originName: plain.name });
  });

  it('folds I, 1 and l together: "I11I" finds "llll"', async () => {
    const w = plainWord();
    const account = app.directory.freshAccount({ name: `llll${w}` });
    const id = await reportName(app, bot, account.name);
    const res = await searchPlayers(`I11I${w}`);
    expectOk(res, 'search.success');
    expect(res.body.total).toBe(1);
    expect(res.body.data[0]).toMatchObject({ dbId: id, historyName: account.name });
  });

  it('answers every field of a hit, ids as strings and dates as ISO', async () => {
    const w = plainWord();
    const account = app.directory.freshAccount({ name: `Field_${w}`, avatar: 'https://avatars.example/field.png' });
    const id = await reportName(app, bot, account.name, { game: 'bfv', cheatMethods: ['wallhack'] });
    const res = await searchPlayers(w);
    expectOk(res, 'search.success');
    expect(res.body.total).toBe(1);
    const hit = res.body.data[0];
    expect(Object.keys(hit).sort()).toEqual(
      ['avatarLink', 'cheatMethods', 'commentsNum', 'createTime', 'dbId', 'games', 'historyName', 'log', 'originName', 'originPersonaId', 'originUserId', 'status', 'updateTime', 'viewNum'].sort(),
    );
    expect(hit).toMatchObject({
      historyName: account.name,
      originName: account.name,
      dbId: id,
      originUserId: account.userId,
      originPersonaId: account.personaId,
      avatarLink: 'https://avatars.example/field.png',
      status: 0,
      games: ['bfv'],
      viewNum: 0,
      commentsNum: 1,
    });
    expect(hit.createTime).toMatch(ISO_DATE);
    expect(hit.updateTime).toMatch(ISO_DATE);
    expect(hit.log.from).toMatch(ISO_DATE);
    expect(hit.log.to).toMatch(ISO_DATE);
  });

  it('finds a renamed case by its old name, one row per matching name', async () => {
    const w = plainWord();
    const account = app.directory.freshAccount({ name: `OldName_${w}` });
    const id = await reportName(app, bot, account.name);
    app.directory.add({ ...account, name: `NewName_${w}` });
    expect(await reportName(app, bot, `NewName_${w}`)).toBe(id);

    const old = await searchPlayers(`oldname_${w}`);
    expectOk(old, 'search.success');
    expect(old.body.total).toBe(1);
    expect(old.body.data[0]).toMatchObject({ dbId: id, historyName: `OldName_${w}`, originName: `NewName_${w}` });

    const both = await searchPlayers(`name_${w}`);
    expect(both.body.total).toBe(2);
    expect(both.body.data.map((d: { historyName: string }) => d.historyName).sort()).toEqual([`NewName_${w}`, `OldName_${w}`]);
    expect(new Set(both.body.data.map((d: { dbId: number }) => d.dbId))).toEqual(new Set([id]));
  });

  it('sorts before paging, with the exact total, for every sort', async () => {
    const w = plainWord();
    const base = Date.parse('2024-01-01T00:00:00.000Z');
    const made = [];
    for (let i = 0; i < 23; i++) {
      // Views, comments and age in three different orders.
      made.push(
        await insertCase(app, {
          name: `${w}${'x'.repeat(i % 5)}n${i}`,
          viewNum: (i * 7) % 23,
          commentsNum: (i * 11) % 23,
          createTime: new Date(base + ((i * 5) % 23) * 60_000),
        }),
      );
    }
    const byId = new Map(made.map((m) => [m.id, m]));
    const expected = {
      latest: [...made].sort((a, b) => b.createTime.getTime() - a.createTime.getTime()),
      mostViewed: [...made].sort((a, b) => b.viewNum - a.viewNum),
      mostComments: [...made].sort((a, b) => b.commentsNum - a.commentsNum),
    };
    for (const [sort, order] of Object.entries(expected)) {
      const { items, total } = await allPages({ type: 'player', param: w, sort }, 5);
      expect(total, sort).toBe(23);
      expect(items.map((h) => h.dbId), sort).toEqual(order.map((m) => m.id));
    }
    const { items, total } = await allPages({ type: 'player', param: w }, 10);
    expect(total).toBe(23);
    // Best match: every name starts with the key, so all in key order.
    const keys = items.map((h) => nameKey(byId.get(h.dbId as number)!.originName));
    expect(keys).toEqual([...keys].sort());
    expect(new Set(keys).size).toBe(23);

    const page = await searchPlayers(w, { skip: 20, limit: 10 });
    expect(page.body.total).toBe(23);
    expect(page.body.data).toHaveLength(3);
  });

  it('puts the exact name first by default, then the names that start with it in key order, then the others newest first', async () => {
    const w = plainWord();
    const inside = await insertCase(app, { name: `a_${w}` });
    const longer = await insertCase(app, { name: `${w}_longer_name` });
    const exact = await insertCase(app, { name: w.toUpperCase() });
    const shorter = await insertCase(app, { name: `${w}_s` });
    const insideNewer = await insertCase(app, { name: `zz${w}` });
    const stem = await insertCase(app, { name: `${w}_l` });
    const res = await searchPlayers(w);
    expect(res.body.data.map((d: { dbId: number }) => d.dbId)).toEqual([exact.id, stem.id, longer.id, shorter.id, insideNewer.id, inside.id]);
    expect(res.body.total).toBe(6);
  });

  it('filters by game and by report time; hidden cases are never found', async () => {
    const w = plainWord();
    const old = await insertCase(app, { name: `${w}_a`, games: ['bf1'], createTime: new Date('2020-01-01T00:00:00.000Z') });
    const recent = await insertCase(app, { name: `${w}_b`, games: ['bfv', 'bf1'], createTime: new Date('2025-01-01T00:00:00.000Z') });
    await insertCase(app, { name: `${w}_c`, valid: false });
    expect((await searchPlayers(w)).body.total).toBe(2);
    const bfv = await searchPlayers(w, { game: 'bfv' });
    expect(bfv.body.data.map((d: { dbId: number }) => d.dbId)).toEqual([recent.id]);
    const from = await searchPlayers(w, { createTimeFrom: Date.parse('2024-01-01T00:00:00.000Z') });
    expect(from.body.data.map((d: { dbId: number }) => d.dbId)).toEqual([recent.id]);
    const to = await searchPlayers(w, { createTimeTo: Date.parse('2024-01-01T00:00:00.000Z') });
    expect(to.body.data.map((d: { dbId: number }) => d.dbId)).toEqual([old.id]);
    expect((await searchPlayers(w, { game: 'all' })).body.total).toBe(2);
  });

  it('says "search content not found" only when nothing matched', async () => {
    const none = await searchPlayers(plainWord(12));
    expectOk(none, 'search.success');
    expect(none.body).toMatchObject({ data: [], total: 0, message: 'search content not found' });

    const w = plainWord();
    await insertCase(app, { name: w });
    const pastTheEnd = await searchPlayers(w, { skip: 5 });
    expect(pastTheEnd.body).toMatchObject({ data: [], total: 1 });
    expect(pastTheEnd.body).not.toHaveProperty('message');
  });

  it('takes % and _ literally', async () => {
    const w = plainWord();
    await insertCase(app, { name: `${w}abc` });
    const percent = await searchPlayers(`${w}%c`);
    expect(percent.body.total).toBe(0);
    // `-` folds to `_`, which must not act as a one-character wildcard either.
    const underscore = await searchPlayers(`${w}-bc`);
    expect(underscore.body.total).toBe(0);
    const withUnderscore = await insertCase(app, { name: `${w}_bc` });
    const found = await searchPlayers(`${w}-bc`);
    expect(found.body.data.map((d: { dbId: number }) => d.dbId)).toEqual([withUnderscore.id]);
  });

  it.each([
    ['ab', 'two letters'],
    ['rnrn', 'folds to two letters (rn -> m)'],
    ['  a ', 'one letter after trimming'],
    ['%%', 'two characters'],
  ])('400 search.bad for "%s" (%s)', async (param) => {
    expectInvalid(await searchPlayers(param), 'search.bad', 'param');
  });

  it('400 search.bad without param', async () => {
    expectInvalid(await search({ type: 'player' }), 'search.bad', 'param');
  });
});

describe('GET /api/search?type=user', () => {
  it('finds valid users by a part of their name in any case, with public fields only', async () => {
    const w = plainWord();
    const a = await app.factories.createUser({ username: `${w}Medic` });
    const b = await app.factories.createUser({ username: `Pilot-${w.toUpperCase()}`, privileges: ['admin'] });
    await app.factories.createUser({ username: `gone-${w}`, valid: false });
    await app.services.db.update(users).set({ signoutTime: new Date() }).where(eq(users.id, a.id));

    const res = await search({ type: 'user', param: w.toUpperCase() });
    expectOk(res, 'search.success');
    expect(res.body.total).toBe(2);
    expect(res.body.data.map((d: { dbId: number }) => d.dbId).sort()).toEqual([a.id, b.id].sort());
    for (const item of res.body.data) {
      expect(Object.keys(item).sort()).toEqual(['dbId', 'joinTime', 'privilege', 'signoutTime', 'updateTime', 'userAvatar', 'username']);
      expect(item.signoutTime).toBeNull();
      expect(item.joinTime).toMatch(ISO_DATE);
      expect(item.updateTime).toMatch(ISO_DATE);
      expect(item.userAvatar).toMatch(/^https:\/\//);
    }
    expect(res.body.data.find((d: { dbId: number }) => d.dbId === b.id)).toMatchObject({ username: b.username, privilege: ['admin'] });
    expect(JSON.stringify(res.body)).not.toMatch(/argon2|players\.example|originEmail|attr/);
  });

  it('finds names outside today\'s letters, digits, _ and - (accounts taken over from the original site)', async () => {
    const w = plainWord();
    const han = await app.factories.createUser({ username: `张三丰${w}` });
    const accented = await app.factories.createUser({ username: `Zoë_${w} Ü` });
    const found = async (param: string) => {
      const res = await search({ type: 'user', param });
      expectOk(res, 'search.success');
      return res.body.data.map((d: { dbId: number }) => d.dbId);
    };
    expect(await found('张三丰')).toContain(han.id);
    expect(await found(`zoë_${w} `)).toEqual([accented.id]);
    // Wildcards are plain characters.
    expect(await found('bad*name')).toEqual([]);
    expect(await found('a%_b')).toEqual([]);
    expectInvalid(await search({ type: 'user', param: '张三' }), 'search.bad', 'param');
  });

  it('sorts by best match, join time or last sign-in before paging', async () => {
    const w = plainWord();
    const exact = await app.factories.createUser({ username: w });
    const mid = await app.factories.createUser({ username: `${w}-mid` });
    const long = await app.factories.createUser({ username: `${w}-longest` });
    const set = (id: number, joined: string, seen: string) =>
      app.services.db.update(users).set({ createTime: new Date(joined), updateTime: new Date(seen) }).where(eq(users.id, id));
    await set(exact.id, '2020-01-01T00:00:00Z', '2025-03-01T00:00:00Z');
    await set(mid.id, '2022-01-01T00:00:00Z', '2025-01-01T00:00:00Z');
    await set(long.id, '2021-01-01T00:00:00Z', '2025-02-01T00:00:00Z');
    const ids = async (sort?: string) => {
      const { items, total } = await allPages({ type: 'user', param: w, ...(sort ? { sort } : {}) }, 2);
      expect(total).toBe(3);
      return items.map((i) => i.dbId);
    };
    expect(await ids()).toEqual([exact.id, mid.id, long.id]);
    expect(await ids('joinedAt')).toEqual([mid.id, long.id, exact.id]);
    expect(await ids('lastOnlineTime')).toEqual([exact.id, long.id, mid.id]);
    // The web client sends its player sort keys on every tab: they mean `default` here.
    expect(await ids('mostViewed')).toEqual([exact.id, mid.id, long.id]);
    // Past the last page: no hits, the exact total all the same.
    const past = await search({ type: 'user', param: w, skip: 10, limit: 2 });
    expectOk(past, 'search.success');
    expect([past.body.data, past.body.total]).toEqual([[], 3]);
    const joinedFrom = await search({ type: 'user', param: w, createTimeFrom: Date.parse('2021-06-01T00:00:00Z') });
    expect(joinedFrom.body.data.map((d: { dbId: number }) => d.dbId)).toEqual([mid.id]);
  });

  it('pages a part thousands of names hold in each sort as the whole sorted list would, with their exact number', async () => {
    const part = `crowd${plainWord(5)}`;
    const n = 1010;
    const at = (i: number, days: number) => new Date(Date.UTC(2022, 0, 1) + ((i * 7919) % 1000) * 86_400_000 + days);
    // Names of many lengths and ties on them; times with ties too; one name is the part itself, one is hidden.
    const rows = Array.from({ length: n }, (_, i) => ({
      username: i === 0 ? part : `${'x'.repeat((i * 31) % 9)}${part.toUpperCase()}${i}`,
      passwordHash: 'x',
      createTime: at(i, 0),
      updateTime: at(i, i % 3),
      valid: i !== 5,
    }));
    const inserted = await app.services.db.insert(users).values(rows).returning({ id: users.id, username: users.username, createTime: users.createTime, updateTime: users.updateTime, valid: users.valid });
    const shown = inserted.filter((u) => u.valid);
    const desc = (a: Date, b: Date) => b.getTime() - a.getTime();
    const expected = {
      default: [...shown].sort((a, b) => Number(b.username === part) - Number(a.username === part) || a.username.length - b.username.length || a.id - b.id),
      joinedAt: [...shown].sort((a, b) => desc(a.createTime, b.createTime) || b.id - a.id),
      lastOnlineTime: [...shown].sort((a, b) => desc(a.updateTime, b.updateTime) || b.id - a.id),
    };
    for (const [sort, order] of Object.entries(expected)) {
      for (const [skip, limit] of [[0, 20], [1, 7], [40, 20], [n - 12, 10]] as const) {
        const res = await search({ type: 'user', param: part, sort, skip, limit });
        expectOk(res, 'search.success');
        expect(res.body.total, `${sort} ${skip}`).toBe(shown.length);
        expect(res.body.data.map((d: { dbId: number }) => d.dbId), `${sort} ${skip}`).toEqual(order.slice(skip, skip + limit).map((u) => u.id));
      }
    }
    // Joined since a date: the filter before the sort and the count.
    const since = Date.UTC(2022, 0, 1) + 950 * 86_400_000;
    const recent = await search({ type: 'user', param: part, createTimeFrom: since, limit: 100 });
    const recentIds = shown.filter((u) => u.createTime.getTime() >= since).map((u) => u.id);
    expect(recent.body.total).toBe(recentIds.length);
    expect(recent.body.data.map((d: { dbId: number }) => d.dbId).sort((a: number, b: number) => a - b)).toEqual([...recentIds].sort((a, b) => a - b));
  });

  it.each([['ab'], ['x'.repeat(41)], ['bad\u0000name']])('400 search.bad for "%s"', async (param) => {
    expectInvalid(await search({ type: 'user', param }), 'search.bad', 'param');
  });
});

describe('GET /api/search?type=comment', () => {
  it('finds visible entries by their text in any case; hidden entries and hidden cases never', async () => {
    const w = plainWord();
    const author = await app.factories.createUser();
    const c = await insertCase(app);
    const hiddenCase = await insertCase(app, { valid: false });
    const older = await insertEntry(app, c, { content: `<p>Saw him ${w.toUpperCase()} through walls</p>`, byUserId: author.id, createTime: new Date(Date.now() - 60_000) });
    const newer = await insertEntry(app, c, { type: 'report', content: `<p>${w} again</p>`, byUserId: author.id, cheatGame: 'bf1' });
    await insertEntry(app, c, { content: `<p>hidden ${w}</p>`, byUserId: author.id, valid: false });
    await insertEntry(app, hiddenCase, { content: `<p>on a hidden case ${w}</p>` });

    const res = await search({ type: 'comment', param: w });
    expectOk(res, 'search.success');
    expect(res.body.total).toBe(2);
    expect(res.body.data.map((d: { id: number }) => d.id)).toEqual([newer.id, older.id]);
    expect(res.body.data[0]).toMatchObject({
      id: newer.id,
      type: 'report',
      toPlayerId: c.id,
      toOriginName: c.originName,
      byUserId: author.id,
      username: author.username,
      content: `<p>${w} again</p>`,
      cheatGame: 'bf1',
    });
    expect(res.body.data[0].createTime).toMatch(ISO_DATE);
    expect(JSON.stringify(res.body)).not.toMatch(/hidden/);
  });

  it('stops finding an entry once staff hide it', async () => {
    const w = plainWord();
    const entry = await insertEntry(app, await insertCase(app), { content: `<p>${w}</p>` });
    expect((await search({ type: 'comment', param: w })).body.total).toBe(1);
    await app.services.db.update(timeline).set({ valid: false }).where(eq(timeline.id, entry.id));
    app.services.readCache.evict([`case:${entry.playerId}`]); // what hiding it through the API announces
    const res = await search({ type: 'comment', param: w });
    expect(res.body).toMatchObject({ data: [], total: 0, message: 'search content not found' });
  });

  it('finds text of reports filed through the API, paged with the exact total', async () => {
    const w = plainWord();
    for (let i = 0; i < 3; i++) {
      const account = app.directory.freshAccount();
      await reportName(app, bot, account.name, { description: `<p>evidence ${w} number ${i}</p>` });
    }
    const { items, total } = await allPages({ type: 'comment', param: w }, 2);
    expect(total).toBe(3);
    expect(items.map((i) => i.content)).toEqual([2, 1, 0].map((i) => `<p>evidence ${w} number ${i}</p>`));
  });

  it('counts hits up to the limit, which then means that many or more, and pages them newest first', async () => {
    const w = plainWord();
    const c = await insertCase(app);
    await insertEntries(app, c, LIMITS.searchTotalMax + 4, { content: `<p>old ${w}</p>`, createTime: new Date(Date.now() - 3_600_000) });
    const newest = await insertEntry(app, c, { content: `<p>new ${w}</p>` });
    const first = await search({ type: 'comment', param: w, limit: 3 });
    expectOk(first, 'search.success');
    expect(first.body.total).toBe(LIMITS.searchTotalMax);
    expect(first.body.data[0].id).toBe(newest.id);
    // The older entries share one time: among them the newest id first, and the next page goes on where this one stopped.
    const next = await search({ type: 'comment', param: w, limit: 3, skip: 3 });
    const older = [...first.body.data, ...next.body.data].slice(1).map((d: { id: number }) => d.id);
    expect(older).toHaveLength(5);
    expect(older).toEqual([...older].sort((a, b) => b - a));
    expect(older[0]).toBeGreaterThan(older[4]!);
  });

  it('filters by the game of the case', async () => {
    const w = plainWord();
    await insertEntry(app, await insertCase(app, { games: ['bf1'] }), { content: w });
    const bfv = await insertEntry(app, await insertCase(app, { games: ['bfv'] }), { content: w });
    const res = await search({ type: 'comment', param: w, game: 'bfv' });
    expect(res.body.data.map((d: { id: number }) => d.id)).toEqual([bfv.id]);
  });

  it('400 search.bad for fewer than 3 characters', async () => {
    expectInvalid(await search({ type: 'comment', param: ' ab ' }), 'search.bad', 'param');
  });
});

describe('GET /api/search: validation and limits', () => {
  it.each([
    [{ param: 'abcdef' }, 'type'],
    [{ type: 'players', param: 'abcdef' }, 'type'],
    [{ type: 'player', param: 'abcdef', limit: 101 }, 'limit'],
    [{ type: 'player', param: 'abcdef', limit: 0 }, 'limit'],
    [{ type: 'player', param: 'abcdef', skip: -1 }, 'skip'],
    [{ type: 'player', param: 'abcdef', sort: 'random' }, 'sort'],
    [{ type: 'player', param: 'abcdef', game: 'bf2042' }, 'game'],
    [{ type: 'player', param: 'abcdef', createTimeFrom: 'yesterday' }, 'createTimeFrom'],
    [{ type: 'player', param: 'abcdef', createTimeTo: 1e20 }, 'createTimeTo'],
  ])('400 search.bad for %j', async (query, param) => {
    expectInvalid(await search(query as Record<string, string | number>), 'search.bad', param);
  });

  it('defaults to 20 per page and serves at most 100', async () => {
    const w = plainWord();
    for (let i = 0; i < 21; i++) await insertCase(app, { name: `${w}${i}` });
    const res = await searchPlayers(w);
    expect(res.body.total).toBe(21);
    expect(res.body.data).toHaveLength(20);
    expect((await searchPlayers(w, { limit: 100 })).body.data).toHaveLength(21);
  });

  it('429 request.rateLimited above 5 searches a second from one address', async () => {
    const send = () => app.request.get('/api/search').query({ type: 'player', param: 'abcdef' }).set('X-Forwarded-For', '10.250.0.7');
    const answers = await Promise.all(Array.from({ length: 8 }, send));
    const limited = answers.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(1);
    expectError(limited[0]!, 429, 'request.rateLimited');
    expectOk(await search({ type: 'player', param: 'abcdef' }), 'search.success');
  });

  it('is not cached by browsers or proxies as a public page', async () => {
    const res = await searchPlayers('abcdef');
    expect(res.headers['cache-control'] ?? '').not.toMatch(/public/);
  });
});

describe('player rows the search reads', () => {
  it('sees a status change at once (no stale copy of the case)', async () => {
    const w = plainWord();
    const c = await insertCase(app, { name: w });
    await app.services.db.update(players).set({ status: 1 }).where(eq(players.id, c.id));
    expect((await searchPlayers(w)).body.data[0]).toMatchObject({ dbId: c.id, status: 1 });
  });
});
