import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { players } from '@server/db/schema';
import { collectEvents, createTestApp, joinRoom, nextEvent, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid, expectOk, expectTokenExpired, ISO_DATE } from '@server/test/expect';
import { openCase } from '@server/test/cases';

let app: TestApp;
let bot: string;
/** Cases of this file only, tagged by a game no other test uses for listing: all of them are bf4. */
const mine: number[] = [];
beforeAll(async () => {
  app = await createTestApp();
  ({ token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true }));
  for (let i = 0; i < 5; i++) mine.push((await openCase(app, bot, { game: 'bf4', description: `<p>case ${i}</p>` })).dbId);
  // Distinct, known values for every sort column.
  for (const [i, id] of mine.entries()) {
    await app.services.db.update(players).set({
      viewNum: [5, 1, 9, 3, 7][i],
      commentsNum: [2, 8, 4, 6, 0][i],
      createTime: new Date(Date.UTC(2024, 0, 1 + i)),
      updateTime: new Date(Date.UTC(2025, 0, 10 - i)),
      status: [0, 1, 1, 4, 0][i],
    }).where(inArray(players.id, [id]));
  }
});
afterAll(() => app?.close());

const list = (q: string) => app.request.get(`/api/players?game=bf4&${q}`);
const ids = (res: { body: { data: { result: Array<{ id: number }> } } }) => res.body.data.result.map((c) => c.id);

describe('GET /api/players', () => {
  it('sorts by each column in either order before paging, with the exact total', async () => {
    const byViews = await list('sortBy=viewNum&order=desc&limit=100');
    expectOk(byViews, 'players.ok');
    expect(ids(byViews)).toEqual([mine[2], mine[4], mine[0], mine[3], mine[1]]);
    expect(byViews.body.data.total).toBe(5);
    expect(ids(await list('sortBy=commentsNum&order=asc'))).toEqual([mine[4], mine[0], mine[2], mine[3], mine[1]]);
    expect(ids(await list('sortBy=createTime'))).toEqual([...mine].reverse());
    expect(ids(await list('sortBy=updateTime&order=asc'))).toEqual([...mine].reverse());
    const page2 = await list('sortBy=viewNum&limit=2&skip=2');
    expect(ids(page2)).toEqual([mine[0], mine[3]]);
    expect(page2.body.data.total).toBe(5);
  });

  it('filters by status, game and time ranges (epoch ms)', async () => {
    const confirmed = await list('status=1');
    expect(ids(confirmed).sort()).toEqual([mine[1], mine[2]].sort());
    expect(confirmed.body.data.total).toBe(2);
    const ranged = await list(`createTimeFrom=${Date.UTC(2024, 0, 2)}&createTimeTo=${Date.UTC(2024, 0, 3)}`);
    expect(ids(ranged).sort()).toEqual([mine[1], mine[2]].sort());
    expect(ranged.body.data.total).toBe(2);
    const updated = await list(`updateTimeFrom=${Date.UTC(2025, 0, 9)}`);
    expect(ids(updated).sort()).toEqual([mine[0], mine[1]].sort());
    const other = await app.request.get('/api/players?game=bf3&status=1');
    expect(ids(other)).not.toContain(mine[1]);
  });

  it('serves records with string platform ids, ISO dates and the level only while confirmed', async () => {
    await app.services.db.update(players).set({ hackerLevel: 4 }).where(inArray(players.id, [mine[1]!, mine[3]!]));
    // Written behind the site's back (no judgement): tell the read cache, as a judgement's events would.
    app.services.readCache.evict([`case:${mine[1]}`, `case:${mine[3]}`]);
    const res = await list('sortBy=viewNum&limit=100');
    const one = res.body.data.result.find((c: { id: number }) => c.id === mine[1]);
    const four = res.body.data.result.find((c: { id: number }) => c.id === mine[3]);
    expect(one).toMatchObject({ status: 1, hackerLevel: 4, games: ['bf4'], originUserId: expect.any(String), originPersonaId: expect.any(String) });
    expect(one.createTime).toMatch(ISO_DATE);
    expect(four.hackerLevel).toBeNull();
  });

  it('answers a list page from memory until a case changes', async () => {
    const page = async () => (await list('sortBy=commentsNum&order=desc&limit=100')).body.data.result.map((c: { id: number; commentsNum: number }) => [c.id, c.commentsNum]);
    const before = await page();
    const last = before.at(-1)![0] as number;
    await app.services.db.update(players).set({ viewNum: 777 }).where(inArray(players.id, [last]));
    expect(await page()).toEqual(before); // nothing announced: the same answer
    const res = await app.request
      .post('/api/player/reply')
      .set('x-access-token', bot)
      .send({ data: { toPlayerId: last, content: '<p>still on the same server this evening, same aim</p>' }, SKIP_CAPTCHA: true });
    expectOk(res, 'reply.success');
    const after = await page();
    expect(after.find(([id]: number[]) => id === last)).toEqual([last, (before.at(-1)![1] as number) + 1]);
  });

  it.each([['limit=101', 'limit'], ['status=10', 'status'], ['sortBy=name', 'sortBy'], ['game=cod', 'game'], ['createTimeFrom=yesterday', 'createTimeFrom'], ['order=up', 'order']])(
    'refuses %s',
    async (q, param) => expectInvalid(await app.request.get(`/api/players?${q}`), 'players.bad', param),
  );
});

describe('GET /api/players/stream', () => {
  const stream = (q: string, token: string | null = bot) => {
    const req = app.request.get(`/api/players/stream?${q}`).buffer(true).parse((res, cb) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => cb(null, text));
    });
    return token ? req.set('x-access-token', token) : req;
  };

  it('streams every case of the filters of /players as one JSON array, across pages, in the sort order', async () => {
    // More than two pages (LIMITS.caseStreamPage), with ties on the sort column that the id orders.
    const at = (i: number) => new Date(Date.UTC(2023, 0, 1, 0, 0, Math.floor(i / 3)));
    const rows = await app.services.db
      .insert(players)
      .values(Array.from({ length: 1234 }, (_, i) => ({ originUserId: `77${i}`, originPersonaId: `88${i}`, originName: `streamed_${i}`, games: ['bfv'], viewNum: i % 7, createTime: at(i), updateTime: at(i), statusTime: at(i) })))
      .returning({ id: players.id, createTime: players.createTime, viewNum: players.viewNum });
    const res = await stream('game=bfv&sortBy=createTime&order=desc');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const all = JSON.parse(res.body as string) as Array<{ id: number; originName: string; createTime: string }>;
    const expected = [...rows].sort((a, b) => b.createTime.getTime() - a.createTime.getTime() || b.id - a.id).map((r) => r.id);
    expect(all.map((c) => c.id)).toEqual(expected);
    expect(all[0]).toMatchObject({ originName: 'streamed_1233', originUserId: '771233', createTime: ISO_DATE });
    const byViews = JSON.parse((await stream('game=bfv&sortBy=viewNum&order=asc')).body as string) as Array<{ id: number }>;
    expect(byViews.map((c) => c.id)).toEqual([...rows].sort((a, b) => a.viewNum - b.viewNum || a.id - b.id).map((r) => r.id));
    // No cap on limit; a limit stops it.
    expect(JSON.parse((await stream('game=bfv&limit=100000')).body as string)).toHaveLength(1234);
    expect(JSON.parse((await stream('game=bfv&limit=501')).body as string)).toHaveLength(501);
  });

  it('filters as /players does (status, game, times) and answers [] when nothing matches', async () => {
    const ids = (body: unknown) => (JSON.parse(body as string) as Array<{ id: number }>).map((c) => c.id);
    expect(ids((await stream('game=bf4&status=1')).body).sort()).toEqual([mine[1], mine[2]].sort());
    expect(ids((await stream(`game=bf4&createTimeFrom=${Date.UTC(2024, 0, 2)}&createTimeTo=${Date.UTC(2024, 0, 3)}`)).body).sort()).toEqual([mine[1], mine[2]].sort());
    for (const q of ['sortBy=updateTime&order=asc', 'sortBy=commentsNum&order=desc', 'status=-1&sortBy=viewNum']) {
      const listed = (await list(`${q}&limit=100`)).body.data.result.map((c: { id: number }) => c.id);
      expect({ q, ids: ids((await stream(`game=bf4&${q}`)).body) }).toEqual({ q, ids: listed });
    }
    expect(JSON.parse((await stream('game=bf4&status=8')).body as string)).toEqual([]);
    expectInvalid(await app.request.get('/api/players/stream?sortBy=name').set('x-access-token', bot), 'players.bad', 'sortBy');
  });

  it('is for bot, admin, super and root tokens only', async () => {
    expectTokenExpired(await app.request.get('/api/players/stream'));
    for (const privileges of [['normal'], ['dev']]) {
      const { token } = await app.factories.signedIn({ privileges });
      expectError(await app.request.get('/api/players/stream').set('x-access-token', token), 403, 'user.permissionDenined');
    }
    for (const privileges of [['admin'], ['super'], ['root']]) {
      const { token } = await app.factories.signedIn({ privileges });
      expect((await stream('game=bf4', token)).status).toBe(200);
    }
  });
});

describe('GET /api/player', () => {
  it('finds a case by userId, personaId or dbId; userId wins; empty keys are ignored', async () => {
    const { account, dbId } = await openCase(app, bot);
    for (const q of [`userId=${account.userId}`, `personaId=${account.personaId}`, `dbId=${dbId}`, `dbId=&personaId=${account.personaId}`, `userId=${account.userId}&dbId=${mine[0]}`]) {
      const res = await app.request.get(`/api/player?${q}`);
      expectOk(res, 'player.ok');
      expect(res.body.data.id).toBe(dbId);
      expect(res.body.data).not.toHaveProperty('history');
    }
    expectError(await app.request.get('/api/player?personaId=1'), 404, 'player.notFound');
    expectInvalid(await app.request.get('/api/player'), 'player.bad', '');
    expectInvalid(await app.request.get('/api/player?personaId=abc'), 'player.bad', 'personaId');
  });

  it('serves a case from memory until the case announces a change, by every key at once', async () => {
    const { account, dbId } = await openCase(app, bot);
    const read = async (q: string) => (await app.request.get(`/api/player?${q}`)).body.data as { commentsNum: number; viewNum: number; history?: unknown[] };
    const first = await read(`personaId=${account.personaId}`);
    await read(`dbId=${dbId}`);
    const firstWithHistory = await read(`dbId=${dbId}&history=true`);
    expect(firstWithHistory.history).toBeInstanceOf(Array);
    // A change no event announces (as a view count) shows once the short life of the answer ends, not before.
    await app.services.db.update(players).set({ viewNum: 4242 }).where(inArray(players.id, [dbId]));
    expect((await read(`personaId=${account.personaId}`)).viewNum).toBe(first.viewNum);
    // The answer with the names the case was seen with is kept the same way, under a key of its own.
    expect(await read(`dbId=${dbId}&history=true`)).toEqual(firstWithHistory);
    const reply = await app.request
      .post('/api/player/reply')
      .set('x-access-token', bot)
      .send({ data: { toPlayerId: dbId, content: '<p>seen again on another server tonight</p>' }, SKIP_CAPTCHA: true });
    expectOk(reply, 'reply.success');
    for (const q of [`personaId=${account.personaId}`, `dbId=${dbId}`, `dbId=${dbId}&history=true`]) {
      const now = await read(q);
      expect(now.commentsNum, q).toBe(first.commentsNum + 1);
      expect(now.viewNum, q).toBe(4242);
    }
    expect((await read(`dbId=${dbId}&history=true`)).history).toEqual(firstWithHistory.history);
  });
});

describe('GET /api/player: the case room\'s sequence', () => {
  const judge = (token: string, dbId: number) =>
    app.request
      .post('/api/player/judgement')
      .set('x-access-token', token)
      .send({ data: { toPlayerId: dbId, action: 'suspect', content: '<p>prone behind the wall every round</p>' }, SKIP_CAPTCHA: true });

  it('answers lastSeq beside the record, read with it: a join from there replays every later change, also from a kept answer', async () => {
    const { dbId } = await openCase(app, bot);
    const admin = await app.factories.signedIn({ privileges: ['admin'] });
    const read = () => app.request.get(`/api/player?dbId=${dbId}&history=true`);
    const first = await read();
    expectOk(first, 'player.ok');
    const watcher = await app.socket();
    const joined = await joinRoom(watcher, `case:${dbId}`);
    if (!joined.ok) throw new Error('join refused');
    expect(first.body.lastSeq).toBe(joined.lastSeq);
    expect(first.body.data).not.toHaveProperty('lastSeq');
    // The kept answer carries the same sequence; the verdict's events drop it, and the next read is past them.
    expect((await read()).body.lastSeq).toBe(first.body.lastSeq);
    const updated = nextEvent(watcher, (e) => e.name === 'case.updated');
    expectOk(await judge(admin.token, dbId), 'judgement.success');
    const event = await updated;
    const after = await read();
    expect(after.body.data.status).toBe(2);
    expect(after.body.lastSeq).toBeGreaterThanOrEqual(event.seq);
    // A page that read the record before the verdict and joins only now gets it replayed from its own sequence.
    const late = await app.socket();
    const replayed = collectEvents(late);
    expect(await joinRoom(late, `case:${dbId}`, first.body.lastSeq)).toMatchObject({ ok: true });
    await new Promise((r) => setTimeout(r, 200));
    expect(replayed.find((e) => e.name === 'case.updated')?.payload).toMatchObject({ case: { id: dbId, status: 2 } });
  });
});

describe('player batches', () => {
  it('POST /batch gives statuses, -1 for accounts without a case, for arrays or comma strings', async () => {
    const { account, dbId } = await openCase(app, bot);
    const res = await app.request.post('/api/player/batch').send({ userIds: [account.userId, '123'], personaIds: `${account.personaId},456`, dbIds: [dbId] });
    expectOk(res, 'playerBatch.ok');
    expect(res.body.data).toEqual([
      { userId: account.userId, status: 0 },
      { userId: '123', status: -1 },
      { personaId: account.personaId, status: 0 },
      { personaId: '456', status: -1 },
      { dbId, status: 0 },
    ]);
    expectError(await app.request.post('/api/player/batch').send({ dbIds: Array.from({ length: 81 }, (_, i) => i + 1) }), 400, 'playerBatch.bad');
    const staff = await app.request.post('/api/player/batch').set('x-access-token', bot).send({ dbIds: Array.from({ length: 500 }, (_, i) => i + 1) });
    expectOk(staff, 'playerBatch.ok');
    expectInvalid(await app.request.post('/api/player/batch').send({}), 'playerBatch.bad', '');
  });

  it('GET /batch (the mobile app) and GET /batchs (bots, staff) give full records', async () => {
    const legacy = await app.request.get(`/api/player/batch?dbIds=${mine[0]}&dbIds=${mine[1]}`);
    expectOk(legacy, 'playerBatch.ok');
    expect(ids({ body: { data: { result: legacy.body.data } } }).sort()).toEqual([mine[0], mine[1]].sort());
    expectTokenExpired(await app.request.get(`/api/player/batchs?dbIds=${mine[0]}`));
    const normal = await app.factories.signedIn();
    expectError(await app.request.get(`/api/player/batchs?dbIds=${mine[0]}`).set('x-access-token', normal.token), 403, 'user.permissionDenined');
    const res = await app.request.get(`/api/player/batchs?dbIds[]=${mine[2]}`).set('x-access-token', bot);
    expectOk(res, 'playerBatchs.ok');
    expect(res.body.data[0]).toMatchObject({ id: mine[2], status: 1 });
    expectInvalid(await app.request.get(`/api/player/batchs?dbIds=${Array.from({ length: 129 }, (_, i) => i + 1).join(',')}`).set('x-access-token', bot), 'playerBatchs.bad', 'dbIds');
  });
});

describe('POST /api/player/viewed', () => {
  it('counts a view once per viewer per hour', async () => {
    const { dbId } = await openCase(app, bot);
    const view = (ip: string, token?: string) => {
      const req = app.request.post('/api/player/viewed').set('X-Forwarded-For', ip);
      if (token) req.set('x-access-token', token);
      return req.send({ data: { id: dbId } });
    };
    expect((await view('10.9.0.1')).body.data).toEqual({ counted: true, viewNum: 1 });
    expect((await view('10.9.0.1')).body.data).toEqual({ counted: false, viewNum: 1 });
    const { token } = await app.factories.signedIn();
    expect((await view('10.9.0.2', token)).body.data).toEqual({ counted: true, viewNum: 2 });
    expect((await view('10.9.0.3', token)).body.data.counted).toBe(false);
    // Counted in memory: a read of the case shows them at once, and the node's flush adds them to the case.
    expect((await app.request.get(`/api/player?dbId=${dbId}`)).body.data.viewNum).toBe(2);
    await app.services.views.flush();
    const viewNum = async () => (await app.services.db.select({ n: players.viewNum }).from(players).where(inArray(players.id, [dbId])))[0]!.n;
    expect(await viewNum()).toBe(2);
    expect((await view('10.9.0.4')).body.data).toEqual({ counted: true, viewNum: 3 });
    await app.services.views.flush();
    expect(await viewNum()).toBe(3);
    expectError(await app.request.post('/api/player/viewed').send({ data: { id: 2_000_000_000 } }), 404, 'viewed.notFound');
    expectInvalid(await app.request.post('/api/player/viewed').send({ data: {} }), 'viewed.bad', 'data.id');
  });
});

describe('POST /api/player/update', () => {
  it('refreshes the name and avatar from the platform and tells the case room', async () => {
    const { account, dbId } = await openCase(app, bot);
    app.directory.add({ ...account, name: `${account.name}_new`, avatar: 'https://avatars.example/new.png' });
    const { token } = await app.factories.signedIn();
    const watcher = await app.socket();
    await joinRoom(watcher, `case:${dbId}`);
    const changed = nextEvent(watcher, (e) => e.name === 'case.updated');
    const res = await app.request.post('/api/player/update').set('x-access-token', token).send({ personaId: account.personaId });
    expectOk(res, 'update.success');
    expect(res.body.data).toMatchObject({ originName: `${account.name}_new`, avatarLink: 'https://avatars.example/new.png' });
    expect((await changed).payload).toMatchObject({ case: { id: dbId, originName: `${account.name}_new` } });
  });

  it('lets staff block an avatar, which later refreshes keep', async () => {
    const { account, dbId } = await openCase(app, bot);
    app.directory.add({ ...account, avatar: 'https://avatars.example/rude.png' });
    const admin = await app.factories.signedIn({ privileges: ['admin'] });
    const blocked = await app.request.post('/api/player/update?blockAvatar=true').set('x-access-token', admin.token).send({ dbId });
    expect(blocked.body.data.avatarLink).toBe('https://avatars.example/rude.png#BLOCKED');
    const { token } = await app.factories.signedIn();
    const again = await app.request.post('/api/player/update?blockAvatar=false').set('x-access-token', token).send({ dbId });
    expect(again.body.data.avatarLink).toBe('https://avatars.example/rude.png#BLOCKED');
  });

  it('answers update.notFound, needs a token, refuses banned accounts', async () => {
    const { token } = await app.factories.signedIn();
    expectError(await app.request.post('/api/player/update').set('x-access-token', token).send({ dbId: 2_000_000_000 }), 404, 'update.notFound');
    expectTokenExpired(await app.request.post('/api/player/update').send({ dbId: mine[0] }));
    const banned = await app.factories.signedIn({ privileges: ['blacklisted'] });
    expectError(await app.request.post('/api/player/update').set('x-access-token', banned.token).send({ dbId: mine[0] }), 403, 'user.permissionDenined');
  });
});

describe('subscriptions', () => {
  const post = (path: string, token: string, body: object) => app.request.post(`/api/user/${path}`).set('x-access-token', token).send(body);

  it('follows and unfollows cases, lists them by page, and says whether one is followed', async () => {
    const { user, token } = await app.factories.signedIn();
    expectOk(await post('subscribes/add', token, { playerIds: [mine[0], mine[1], mine[2]] }), 'subscribes.success');
    expect((await post('isSubscribes', token, { id: mine[1] })).body.data).toBe(true);
    const page0 = await post('subscribes', token, { skip: 0, limit: 2 });
    expect(page0.body.total).toBe(3);
    expect(page0.body.data).toHaveLength(2);
    expect((await post('subscribes', token, { skip: 1, limit: 2 })).body.data).toHaveLength(1);
    expectOk(await post('subscribes/delete', token, { playerIds: [mine[1]] }), 'subscribes.success');
    expect((await post('isSubscribes', token, { id: mine[1] })).body.data).toBe(false);
    const me = await app.request.get('/api/user/me').set('x-access-token', token);
    expect(me.body.data.subscribes.sort()).toEqual([mine[0], mine[2]].sort());
    const info = await app.request.get(`/api/user/info?id=${user.id}`);
    expect(info.body.data.subscribes).toBeNull();
  });

  it('refuses unknown cases and more than 100 in all', async () => {
    const { token } = await app.factories.signedIn();
    expectError(await post('subscribes/add', token, { playerIds: [2_000_000_000] }), 404, 'subscribes.notFound');
    const extra = await app.services.db
      .insert(players)
      .values(Array.from({ length: 100 }, (_, i) => ({ originUserId: `9${Date.now()}${i}`.slice(0, 19), originPersonaId: String(i), originName: `Bulk${i}` })))
      .returning({ id: players.id });
    expectOk(await post('subscribes/add', token, { playerIds: extra.map((e) => e.id) }), 'subscribes.success');
    expectError(await post('subscribes/add', token, { playerIds: [mine[0]] }), 409, 'subscribes.exceedMax');
    expect((await post('subscribes', token, { skip: 0, limit: 100 })).body.total).toBe(100);
  });

  it('needs a token; bot tokens may not unfollow', async () => {
    expectTokenExpired(await app.request.post('/api/user/isSubscribes').send({ id: 1 }));
    const botUser = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true, visitType: 'bot' });
    expectError(await post('subscribes/delete', botUser.token, { playerIds: [mine[0]] }), 403, 'user.permissionDenined');
    expectInvalid(await post('subscribes/add', botUser.token, { playerIds: [] }), 'subscribes.bad', 'playerIds');
  });
});

describe('GET /api/user/reports', () => {
  it('lists the cases a user reported, newest first, by page, with counts on the profile', async () => {
    const reporter = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const a = await openCase(app, reporter.token);
    const b = await openCase(app, reporter.token);
    const res = await app.request.get(`/api/user/reports?id=${reporter.user.id}&skip=0&limit=1`);
    expectOk(res, 'userReports.success');
    expect(res.body.total).toBe(2);
    expect(res.body.data).toEqual([expect.objectContaining({ originName: b.account.name, originuserId: b.account.userId, originPersonaId: b.account.personaId, status: 0 })]);
    expect((await app.request.get(`/api/user/reports?id=${reporter.user.id}&skip=1&limit=1`)).body.data[0].originName).toBe(a.account.name);
    const info = await app.request.get(`/api/user/info?id=${reporter.user.id}`);
    expect(info.body.data).toMatchObject({ reportNum: 2, statusNum: { 0: 2, 1: 0, 4: 0 } });
    expectError(await app.request.get('/api/user/reports?id=2000000000'), 404, 'userReports.notFound');
    expectInvalid(await app.request.get('/api/user/reports'), 'userReports.bad', 'id');
  });
});
