import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomOf } from '@shared/socket';
import { inTransaction } from '@server/db/outbox';
import { registrationActivity } from '@server/modules/timeline/activity';
import { collectEvents, createTestApp, joinRoom, nextEvent, unique, type TestApp } from '@server/test/harness';
import { openCase, report } from '@server/test/cases';
import { expectInvalid, expectOk, ISO_DATE } from '@server/test/expect';
import { botToken, insertCase, insertEntries, insertEntry, insertUser, reportName } from '@server/test/search-fixtures';

let app: TestApp;
let bot: string;
beforeAll(async () => {
  app = await createTestApp();
  bot = await botToken(app);
});
afterAll(() => app?.close());

const activities = (query: Record<string, string | number> = {}) => app.request.get('/api/activities').query(query);
const feed = async (query: Record<string, string | number> = {}) => {
  const res = await activities(query);
  expectOk(res, 'activities.ok');
  return res.body.data as Array<Record<string, unknown>>;
};
const MIN = 60_000;
type Line = { type: string; id: number };
/** An `activity` or `activity.withdrawn` event about the feed line `type`, `id`. */
const lineIs = (type: string, id: number) => (e: { payload: unknown }) => {
  const { item, lines } = e.payload as { item?: Line; lines?: Line[] };
  return [...(item ? [item] : []), ...(lines ?? [])].some((l) => l.type === type && l.id === id);
};

describe('the live activity feed', () => {
  const timelineOf = async (dbId: number) => (await app.request.get(`/api/player/timeline?dbId=${dbId}`)).body.data.result as Array<{ id: number; type: string }>;
  const isLine = (type: string, id: number) => (e: { name: string; payload: unknown }) => e.name === 'activity' && (e.payload as { item: { type: string; id: number } }).item.type === type && (e.payload as { item: { id: number } }).item.id === id;

  it('withdraws a report hidden or deleted by staff from open feeds, and from replays of the room', async () => {
    const admin = await app.factories.signedIn({ privileges: ['admin'] });
    const sup = await app.factories.signedIn({ privileges: ['super'] });
    const watcher = await app.socket();
    const head = await joinRoom(watcher, 'all');
    if (!head.ok) throw new Error('join refused');
    const hiddenCase = await openCase(app, bot);
    const deletedCase = await openCase(app, bot);
    const [hidden] = await timelineOf(hiddenCase.dbId);
    const [deleted] = await timelineOf(deletedCase.dbId);
    const reports = async () => (await feed()).filter((l) => l.type === 'report').map((l) => l.id);
    expect(await reports()).toEqual(expect.arrayContaining([hidden!.id, deleted!.id]));

    const withdrawn = (id: number) => nextEvent(watcher, (e) => e.name === 'activity.withdrawn' && (e.payload as { lines: Array<{ id: number }> }).lines.some((l) => l.id === id));
    const first = withdrawn(hidden!.id);
    expectOk(await app.request.post('/api/player/unReply').set('x-access-token', admin.token).send({ data: { id: hidden!.id } }), 'unReply.success');
    expect((await first).payload).toEqual({ lines: [{ type: 'report', id: hidden!.id }] });
    const second = withdrawn(deleted!.id);
    expectOk(await app.request.post('/api/admin/setComment').set('x-access-token', sup.token).send({ data: { id: deleted!.id, content: '<p> </p>', videoLink: '' } }), 'admin.setComment.ok');
    expect((await second).payload).toEqual({ lines: [{ type: 'report', id: deleted!.id }] });
    expect((await reports()).filter((id) => id === hidden!.id || id === deleted!.id)).toEqual([]);

    // Replayed from before the reports: their lines never show, and the room keeps its numbering.
    const late = await app.socket();
    const replayed = collectEvents(late);
    expect(await joinRoom(late, 'all', head.lastSeq)).toMatchObject({ ok: true });
    await new Promise((r) => setTimeout(r, 300));
    const mine = replayed.filter((e) => e.room === 'all');
    expect(mine.some(isLine('report', hidden!.id)) || mine.some(isLine('report', deleted!.id))).toBe(false);
    expect(mine.map((e) => e.seq)).toEqual(mine.map((_, i) => head.lastSeq + 1 + i));
    expect(mine.filter((e) => e.name === 'activity.withdrawn').map((e) => e.payload)).toEqual([
      { lines: [{ type: 'report', id: hidden!.id }] },
      { lines: [{ type: 'report', id: deleted!.id }] },
      { lines: [{ type: 'report', id: hidden!.id }] },
      { lines: [{ type: 'report', id: deleted!.id }] },
    ]);
  });

  it('brings a report shown again back to open feeds as a fresh read has it, and replays end with it shown', async () => {
    const admin = await app.factories.signedIn({ privileges: ['admin'] });
    const watcher = await app.socket();
    const head = await joinRoom(watcher, 'all');
    if (!head.ok) throw new Error('join refused');
    const c = await openCase(app, bot);
    const [report] = await timelineOf(c.dbId);
    const setValid = async (valid: boolean) => expectOk(await app.request.post('/api/player/unReply').set('x-access-token', admin.token).send({ data: { id: report!.id, valid } }), 'unReply.success');

    const withdrawn = nextEvent(watcher, (e) => e.name === 'activity.withdrawn' && lineIs('report', report!.id)(e));
    await setValid(false);
    await withdrawn;
    const back = nextEvent(watcher, (e) => e.name === 'activity' && lineIs('report', report!.id)(e));
    await setValid(true);
    const fresh = (await feed()).find((l) => l.type === 'report' && l.id === report!.id);
    expect(fresh).toBeDefined();
    expect((await back).payload).toEqual({ item: fresh });

    // Replayed from before the report: withdrawals, then the line again, last; the feed ends with it.
    // The last write's event may also arrive live after the join has replayed it: clients keep one
    // event per number (client/realtime/roomCursor.ts), and so does this count.
    const replay = async () => {
      const late = await app.socket();
      const replayed = collectEvents(late);
      expect(await joinRoom(late, 'all', head.lastSeq)).toMatchObject({ ok: true });
      await new Promise((r) => setTimeout(r, 300));
      const once = new Map(replayed.filter((e) => e.room === 'all' && lineIs('report', report!.id)(e)).map((e) => [e.seq, e.name]));
      return [...once.entries()].sort(([a], [b]) => a - b).map(([, name]) => name);
    };
    expect(await replay()).toEqual(['activity.withdrawn', 'activity.withdrawn', 'activity']);

    // Hidden again: the line told when it was shown is withdrawn from replays too.
    await setValid(false);
    expect(await replay()).toEqual(['activity.withdrawn', 'activity.withdrawn', 'activity.withdrawn', 'activity.withdrawn']);
  });
});

describe('accounts in the live activity feed', () => {
  const replayFrom = async (seq: number) => {
    const late = await app.socket();
    const replayed = collectEvents(late);
    expect(await joinRoom(late, 'all', seq)).toMatchObject({ ok: true });
    await new Promise((r) => setTimeout(r, 300));
    late.disconnect();
    return replayed.filter((e) => e.room === 'all');
  };

  it('takes the registration of a hidden or anonymised account out of open feeds and replays, and brings its new name to its lines', async () => {
    const root = await app.factories.signedIn({ privileges: ['root'] });
    const { user: target, token } = await app.factories.signedIn();
    const watcher = await app.socket();
    const head = await joinRoom(watcher, 'all');
    if (!head.ok) throw new Error('join refused');
    // Its registration line, as signing up tells it (server/modules/auth/signup.ts).
    const line = registrationActivity(await app.factories.userRow(target.id));
    await inTransaction(app.services, (r) => r.emit(roomOf.all, 'activity', { item: line }));
    const filed = await report(app, token, app.directory.freshAccount(), {}, { captcha: await app.solveCaptcha() });
    expectOk(filed, 'report.success');
    const reportId = (await app.request.get(`/api/player/timeline?dbId=${filed.body.data.dbId}`)).body.data.result[0].id as number;
    const delUser = async (type: string) => expectOk(await app.request.post('/api/admin/delUser').set('x-access-token', root.token).send({ data: { type, id: target.id } }), 'admin.delUser.success', 201);
    const registration = lineIs('register', target.id);
    const registered = async () => (await feed()).find((l) => l.type === 'register' && l.id === target.id);

    const hidden = nextEvent(watcher, (e) => e.name === 'activity.withdrawn' && registration(e));
    await delUser('logic');
    expect((await hidden).payload).toEqual({ lines: [{ type: 'register', id: target.id }] });
    const shown = nextEvent(watcher, (e) => e.name === 'activity' && registration(e));
    await delUser('restore');
    expect((await shown).payload).toEqual({ item: await registered() });

    const withdrawn = nextEvent(watcher, (e) => e.name === 'activity.withdrawn' && registration(e));
    const renamed = nextEvent(watcher, (e) => e.name === 'activity.renamed');
    await delUser('real');
    const now = (await app.factories.userRow(target.id)).username;
    await withdrawn;
    expect((await renamed).payload).toEqual({ userId: target.id, username: now, privilege: ['normal'] });
    expect(await registered()).toBeUndefined();
    expect((await feed()).find((l) => l.type === 'report' && l.id === reportId)).toMatchObject({ byUserName: now });

    // A replay never names it as it was, and ends with its registration withdrawn.
    const replayed = await replayFrom(head.lastSeq);
    expect(JSON.stringify(replayed)).not.toContain(target.username);
    expect(replayed.filter(registration).at(-1)?.name).toBe('activity.withdrawn');
  });

  it('tells open feeds the new name of an account, and a replay names it as it is now', async () => {
    const { user, token } = await app.factories.signedIn();
    const watcher = await app.socket();
    const head = await joinRoom(watcher, 'all');
    if (!head.ok) throw new Error('join refused');
    const first = unique('first');
    const renamed = nextEvent(watcher, (e) => e.name === 'activity.renamed');
    const rename = async (newname: string) => expectOk(await app.request.post('/api/user/changeName').set('x-access-token', token).send({ data: { newname }, captcha: await app.solveCaptcha() }), 'changeName.success');
    await rename(first);
    expect((await renamed).payload).toEqual({ userId: user.id, username: first, privilege: ['normal'] });

    const root = await app.factories.signedIn({ privileges: ['root'] });
    expectOk(await app.request.post('/api/admin/delUser').set('x-access-token', root.token).send({ data: { type: 'real', id: user.id } }), 'admin.delUser.success', 201);
    expect(JSON.stringify(await replayFrom(head.lastSeq))).not.toContain(first);
  });
});

describe('GET /api/activities', () => {
  it('mixes registrations, reports, judgements and appeals, newest first, with the fields clients read', async () => {
    const t = Date.parse('2019-03-01T12:00:00.000Z');
    const author = await insertUser(app, { privileges: ['admin'], createTime: new Date(t - 40 * MIN) });
    const newcomer = await insertUser(app, { createTime: new Date(t - 4 * MIN) });
    const c = await insertCase(app, { name: 'Feed_Target', games: ['bf1', 'bfv'], viewNum: 7, commentsNum: 3, createTime: new Date(t - 50 * MIN), avatarLink: 'https://avatars.example/t.png' });
    const report = await insertEntry(app, c, { type: 'report', byUserId: author.id, cheatGame: 'bfv', createTime: new Date(t - 3 * MIN) });
    const judgement = await insertEntry(app, c, { type: 'judgement', byUserId: author.id, judgeAction: 'guilt', createTime: new Date(t - 2 * MIN) });
    const appeal = await insertEntry(app, c, { type: 'banAppeal', byUserId: author.id, appealStatus: 'open', createTime: new Date(t - 1 * MIN) });

    const items = await feed({ from: t, limit: 4 });
    expect(items.map((i) => [i.type, i.id])).toEqual([
      ['banAppeal', appeal.id],
      ['judgement', judgement.id],
      ['report', report.id],
      ['register', newcomer.id],
    ]);
    expect(items[3]).toEqual({ type: 'register', id: newcomer.id, username: newcomer.username, privilege: ['normal'], createTime: new Date(t - 4 * MIN).toISOString() });
    const playerFields = {
      byUserId: author.id,
      byUserName: author.username,
      byUserPrivilege: ['admin'],
      toPlayerId: c.id,
      toPlayerName: 'Feed_Target',
      playerOriginUserId: c.originUserId,
      playerOriginPersonaId: c.originPersonaId,
      playerAvatarLink: 'https://avatars.example/t.png',
      playerCheatMethods: [],
      playerGames: ['bf1', 'bfv'],
      playerViewNum: 7,
      PlayerCommentsNum: 3,
      playerCreateTime: new Date(t - 50 * MIN).toISOString(),
    };
    expect(items[2]).toMatchObject({ ...playerFields, createTime: new Date(t - 3 * MIN).toISOString(), game: 'bfv' });
    expect(items[1]).toMatchObject({ ...playerFields, action: 'guilt' });
    expect(items[0]).toMatchObject(playerFields);
    expect(items[0]).not.toHaveProperty('game');
    expect(items[0]).not.toHaveProperty('action');
    expect(items[2]!.playerUpdateTime).toMatch(ISO_DATE);
    expect(typeof items[2]!.playerOriginPersonaId).toBe('string');
  });

  it('leaves out replies, name changes, hidden entries, hidden cases and deleted users', async () => {
    const t = Date.parse('2019-04-01T12:00:00.000Z');
    const visible = await insertCase(app, { createTime: new Date(t - 60 * MIN) });
    const hiddenCase = await insertCase(app, { valid: false, createTime: new Date(t - 60 * MIN) });
    const kept = await insertEntry(app, visible, { type: 'report', cheatGame: 'bf1', createTime: new Date(t - 10 * MIN) });
    await insertEntry(app, visible, { type: 'reply', createTime: new Date(t - 5 * MIN) });
    await insertEntry(app, visible, { type: 'historyUsername', createTime: new Date(t - 4 * MIN) });
    await insertEntry(app, visible, { type: 'report', valid: false, createTime: new Date(t - 3 * MIN) });
    await insertEntry(app, visible, { type: 'judgement', valid: false, createTime: new Date(t - 3 * MIN) });
    await insertEntry(app, hiddenCase, { type: 'report', createTime: new Date(t - 2 * MIN) });
    await insertUser(app, { valid: false, createTime: new Date(t - 1 * MIN) });

    const [first] = await feed({ from: t, limit: 1 });
    expect(first).toMatchObject({ type: 'report', id: kept.id, byUserId: null, byUserName: null });
  });

  it('pages backwards with `from`: only what happened strictly before it', async () => {
    const t = Date.parse('2019-05-01T12:00:00.000Z');
    const c = await insertCase(app, { createTime: new Date(t - 60 * MIN) });
    const made = [];
    for (let i = 1; i <= 6; i++) {
      made.push(
        i % 2
          ? { type: 'register', id: (await insertUser(app, { createTime: new Date(t - i * MIN) })).id }
          : { type: 'report', id: (await insertEntry(app, c, { type: 'report', createTime: new Date(t - i * MIN) })).id },
      );
    }
    const page1 = await feed({ from: t, limit: 4 });
    expect(page1.map((i) => ({ type: i.type, id: i.id }))).toEqual(made.slice(0, 4));
    const page2 = await feed({ from: Date.parse(page1[3]!.createTime as string), limit: 2 });
    expect(page2.map((i) => ({ type: i.type, id: i.id }))).toEqual(made.slice(4, 6));
    // An entry exactly at `from` is not before it.
    const at = await feed({ from: t - 1 * MIN, limit: 1 });
    expect(at[0]).toMatchObject(made[1]!);
  });

  it('shows a report and a registration made right now at the top by default', async () => {
    const user = await app.factories.createUser();
    const account = app.directory.freshAccount();
    const dbId = await reportName(app, bot, account.name, { game: 'bfv' });
    const items = await feed({ limit: 2 });
    expect(items[0]).toMatchObject({ type: 'report', toPlayerId: dbId, toPlayerName: account.name, game: 'bfv', byUserName: expect.any(String), byUserPrivilege: ['bot'] });
    expect(items[1]).toMatchObject({ type: 'register', id: user.id, username: user.username });
  });

  it('answers at most 100 lines by default', async () => {
    const t = Date.parse('2019-06-01T12:00:00.000Z');
    const c = await insertCase(app, { createTime: new Date(t - 600 * MIN) });
    await insertEntries(app, c, 120, { type: 'judgement', judgeAction: 'discuss', createTime: new Date(t - MIN) });
    const items = await feed({ from: t });
    expect(items).toHaveLength(100);
    expect(new Set(items.map((i) => i.type))).toEqual(new Set(['judgement']));
  });

  it('sends Cache-Control: public, max-age=30', async () => {
    expect((await activities()).headers['cache-control']).toBe('public, max-age=30');
  });

  it.each([
    [{ limit: 101 }, 'limit'],
    [{ limit: 0 }, 'limit'],
    [{ from: 'now' }, 'from'],
    [{ from: -1 }, 'from'],
    [{ from: '1e20' }, 'from'],
  ])('400 activities.bad for %j', async (query, param) => {
    expectInvalid(await activities(query), 'activities.bad', param);
  });
});

describe('GET /api/trend', () => {
  const DAY = 24 * 60 * MIN;
  let daily: number, weekly: number, monthly: number, hidden: number;

  beforeAll(async () => {
    const now = Date.now();
    const [a, b, c, d] = await Promise.all([insertCase(app), insertCase(app), insertCase(app), insertCase(app, { valid: false })]);
    [daily, weekly, monthly, hidden] = [a!.id, b!.id, c!.id, d!.id];
    await insertEntries(app, a!, 30, { type: 'reply', createTime: new Date(now - 2 * 60 * MIN) });
    await insertEntries(app, a!, 40, { type: 'reply', valid: false, createTime: new Date(now - 60 * MIN) });
    await insertEntries(app, a!, 40, { type: 'historyUsername', createTime: new Date(now - 60 * MIN) });
    await insertEntries(app, b!, 20, { type: 'report', createTime: new Date(now - 3 * 60 * MIN) });
    await insertEntries(app, b!, 50, { type: 'judgement', createTime: new Date(now - 3 * DAY) });
    await insertEntries(app, c!, 100, { type: 'reply', createTime: new Date(now - 20 * DAY) });
    await insertEntries(app, c!, 500, { type: 'reply', createTime: new Date(now - 400 * DAY) });
    await insertEntries(app, d!, 900, { type: 'reply', createTime: new Date(now - 60 * MIN) });
  });

  const trend = (query: Record<string, string | number> = {}) => app.request.get('/api/trend').query(query);
  const ranked = async (query: Record<string, string | number>) => {
    const res = await trend(query);
    expectOk(res, 'trend.ok');
    return (res.body.data as Array<{ id: number; hot: number }>).map((r) => [r.id, r.hot]);
  };

  it('ranks cases by their visible activity inside the window', async () => {
    expect(await ranked({ time: 'daily', limit: 2 })).toEqual([[daily, 30], [weekly, 20]]);
    expect(await ranked({ time: 'weekly', limit: 2 })).toEqual([[weekly, 70], [daily, 30]]);
    expect(await ranked({ time: 'monthly', limit: 3 })).toEqual([[monthly, 100], [weekly, 70], [daily, 30]]);
    expect(await ranked({ time: 'yearly', limit: 3 })).toEqual([[monthly, 100], [weekly, 70], [daily, 30]]);
    expect((await ranked({ time: 'daily', limit: 10 })).map(([id]) => id)).not.toContain(hidden);
  });

  it('answers case records with an integer hot, weekly and 5 by default', async () => {
    const res = await trend();
    expectOk(res, 'trend.ok');
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    const data = res.body.data as Array<Record<string, unknown>>;
    expect(data.length).toBeLessThanOrEqual(5);
    expect(data[0]).toMatchObject({ id: weekly, hot: 70, status: 0, games: ['bf1'] });
    for (const key of ['originName', 'originUserId', 'originPersonaId', 'avatarLink', 'cheatMethods', 'viewNum', 'commentsNum', 'createTime', 'updateTime']) expect(data[0]).toHaveProperty(key);
    for (let i = 1; i < data.length; i++) expect((data[i - 1]!.hot as number) >= (data[i]!.hot as number)).toBe(true);
    expect(Number.isInteger(data[0]!.hot)).toBe(true);
  });

  it('answers at most 10 cases to a request for up to 20 (the desktop build of the mobile app doubles its page)', async () => {
    const more = await Promise.all(Array.from({ length: 11 }, () => insertCase(app)));
    for (const c of more) await insertEntries(app, c!, 1, { type: 'reply', createTime: new Date(Date.now() - 60 * MIN) });
    const res = await trend({ time: 'daily', limit: 20 });
    expectOk(res, 'trend.ok');
    expect(res.body.data).toHaveLength(10);
  });

  it.each([
    [{ limit: 21 }, 'limit'],
    [{ limit: 0 }, 'limit'],
    [{ time: 'hourly' }, 'time'],
  ])('400 trend.bad for %j', async (query, param) => {
    expectInvalid(await trend(query), 'trend.bad', param);
  });
});
