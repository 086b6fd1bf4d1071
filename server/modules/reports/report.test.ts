import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { players } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid, expectOk, expectTokenExpired } from '@server/test/expect';
import { EVIDENCE, openCase, report } from '@server/test/cases';

let app: TestApp;
let bot: string;
beforeAll(async () => {
  app = await createTestApp();
  ({ token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true }));
});
afterAll(() => app?.close());

const caseRow = async (id: number) => (await app.services.db.select().from(players).where(eq(players.id, id)))[0]!;
const setStatus = (id: number, status: number) => app.services.db.update(players).set({ status }).where(eq(players.id, id));

describe('POST /api/player/report', () => {
  it('opens a case for a platform account found by name, with the sanitised evidence on its timeline', async () => {
    const { user, token } = await app.factories.signedIn();
    const account = app.directory.freshAccount();
    const res = await report(app, token, account, { description: '<p>aimbot <script>alert(1)</script></p>', cheatMethods: ['aimbot', 'made-up'] }, { captcha: await app.solveCaptcha() });
    expectOk(res, 'report.success');
    expect(res.body.data).toEqual({ originName: account.name, originUserId: account.userId, originPersonaId: account.personaId, dbId: expect.any(Number) });
    const c = await app.request.get(`/api/player?personaId=${account.personaId}&history=true`);
    expectOk(c, 'player.ok');
    expect(c.body.data).toMatchObject({ status: 0, games: ['bf1'], commentsNum: 1, cheatMethods: [], history: [{ originName: account.name }] });
    const tl = await app.request.get(`/api/player/timeline?dbId=${res.body.data.dbId}`);
    expect(tl.body.data.total).toBe(1);
    expect(tl.body.data.result[0]).toMatchObject({
      type: 'report',
      byUserId: user.id,
      username: user.username,
      cheatGame: 'bf1',
      cheatMethods: ['aimbot'],
      videoLink: EVIDENCE.videoLink,
      content: { text: '<p>aimbot </p>' },
    });
  });

  it('finds the account whatever the case of the name, and adds each new game once', async () => {
    const { dbId, account } = await openCase(app, bot, { game: 'bf1' });
    expectOk(await report(app, bot, { name: account.name.toUpperCase() }, { game: 'bfv', description: '<p>again in bfv</p>' }), 'report.success');
    expectOk(await report(app, bot, account, { game: 'bfv', description: '<p>third time, different words</p>' }), 'report.success');
    const row = await caseRow(dbId);
    expect(row.games).toEqual(['bf1', 'bfv']);
    expect(row.commentsNum).toBe(3);
  });

  it.each([
    [2, 0], [3, 0], [4, 0], [5, 0], [7, 0], [8, 0],
    [0, 0], [1, 1], [6, 6], [9, 9],
  ])('a new report on a case in status %i leaves it in %i', async (from, to) => {
    const { dbId, account } = await openCase(app, bot);
    await setStatus(dbId, from);
    expectOk(await report(app, bot, account, { description: `<p>new evidence for status ${from}</p>` }), 'report.success');
    expect((await caseRow(dbId)).status).toBe(to);
  });

  it('records a new platform name in the history and on the timeline', async () => {
    const { dbId, account } = await openCase(app, bot);
    // Read (and kept) before the rename: the report's announcement must drop the kept answer.
    const before = await app.request.get(`/api/player?dbId=${dbId}&history=true`);
    expect(before.body.data.history.map((h: { originName: string }) => h.originName)).toEqual([account.name]);
    const renamed = { ...account, name: `${account.name}_v2` };
    app.directory.add(renamed);
    expectOk(await report(app, bot, renamed, { description: '<p>same player, new name</p>' }), 'report.success');
    const c = await app.request.get(`/api/player?dbId=${dbId}&history=true`);
    expect(c.body.data.originName).toBe(renamed.name);
    expect(c.body.data.history.map((h: { originName: string }) => h.originName).sort()).toEqual([account.name, renamed.name].sort());
    const tl = await app.request.get(`/api/player/timeline?dbId=${dbId}&subject=historyUsername`);
    expect(tl.body.data.result).toEqual([expect.objectContaining({ type: 'historyUsername', beforeUsername: account.name, nextUsername: renamed.name, byUserId: null })]);
  });

  it('refuses accounts the platform does not know, and your own account', async () => {
    expectError(await report(app, bot, { name: 'NoSuchPlayerAnywhere' }), 404, 'report.notFound');
    const { user, token } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    expectError(await report(app, token, user.account!), 400, 'report.bad');
  });

  it.each([
    ['no evidence at all', { videoLink: '', description: '<p>trust me</p>' }],
    ['a network-drive video', { videoLink: 'https://pan.baidu.com/s/1abc', description: '<p>see drive</p>' }],
    ['a network drive in the text', { videoLink: 'https://youtu.be/x', description: '<p>more at <a href="https://drive.google.com/file/d/1">here</a></p>' }],
    ['a link that is not a video site', { videoLink: 'https://example.com/video', description: '<p>look</p>' }],
    ['only a link that is not a video site in the text', { videoLink: '', description: '<p>clip at https://example.com/video</p>' }],
    ['a network-drive image as the only evidence', { videoLink: '', description: '<p>see <img src="https://drive.google.com/x.png"></p>' }],
    ['a network-drive image beside a video link', { videoLink: 'https://youtu.be/x', description: '<p>see <img src="https://pan.baidu.com/shot.png"></p>' }],
  ])('refuses %s', async (_label, data) => {
    expectError(await report(app, bot, app.directory.freshAccount(), data), 400, 'report.bad');
  });

  it('accepts a video-site link in the text when there is no videoLink (how the chat bots send evidence)', async () => {
    expectOk(await report(app, bot, app.directory.freshAccount(), { videoLink: '', description: '<p>clip: https://www.bilibili.com/video/BV1xx411c7mD kills through walls</p>' }), 'report.success');
    expectOk(await report(app, bot, app.directory.freshAccount(), { videoLink: null, description: '<p><a href="https://youtu.be/abc123">the round</a></p>' }), 'report.success');
  });

  it('400 report.bad on data.description for a description that shows nothing, evidence or not', async () => {
    for (const description of ['<p> </p>', '<p>&nbsp;</p><p><br></p>', '<script>alert(1)</script>']) {
      expectInvalid(await report(app, bot, app.directory.freshAccount(), { description }), 'report.bad', 'data.description');
    }
  });

  it('accepts an image instead of a video', async () => {
    expectOk(await report(app, bot, app.directory.freshAccount(), { videoLink: '', description: '<p><img src="https://i.example.org/shot.png"></p>' }), 'report.success');
  });

  it('refuses spam: a character repeated 8 times, or the same text twice', async () => {
    expectError(await report(app, bot, app.directory.freshAccount(), { description: '<p>cheater!!!!!!!!</p>' }), 403, 'report.spam');
    const { account } = await openCase(app, bot);
    const again = await report(app, bot, account);
    expectError(again, 409, 'report.bad');
    expect(again.body.message).toBe('Duplicate submission');
  });

  it('validates: one game ID, a known game, at least one known cheat method', async () => {
    expectInvalid(await report(app, bot, { name: 'two names' }), 'report.bad', 'data.originName');
    expectInvalid(await report(app, bot, app.directory.freshAccount(), { game: 'cod' }), 'report.bad', 'data.game');
    expectInvalid(await report(app, bot, app.directory.freshAccount(), { cheatMethods: ['lagswitch'] }), 'report.bad', 'data.cheatMethods');
  });

  it('needs a signed-in, bound, unbanned, unmuted account and a captcha for people', async () => {
    const account = app.directory.freshAccount();
    expectTokenExpired(await app.request.post('/api/player/report').send({ data: {} }));
    const unbound = await app.factories.signedIn({ bound: false });
    expectError(await report(app, unbound.token, account, {}, { captcha: await app.solveCaptcha() }), 403, 'user.needBindEaAccount');
    const banned = await app.factories.signedIn({ privileges: ['blacklisted'] });
    expectError(await report(app, banned.token, account, {}, { captcha: await app.solveCaptcha() }), 403, 'user.permissionDenined');
    const muted = await app.factories.signedIn({ attr: { mute: new Date(Date.now() + 3_600_000).toISOString() } });
    expectError(await report(app, muted.token, account, {}, { captcha: await app.solveCaptcha() }), 403, 'report.bad');
    const normal = await app.factories.signedIn();
    expectError(await report(app, normal.token, account, {}, { SKIP_CAPTCHA: true }), 400, 'captcha.bad');
    const admin = await app.factories.signedIn({ privileges: ['admin'], bound: false });
    expectOk(await report(app, admin.token, account, {}, { captcha: await app.solveCaptcha() }), 'report.success');
  });

  it('answers 503 report.error when the platform directory is down', async () => {
    const down = await createTestApp({ platform: 'closed' });
    try {
      const { token } = await down.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
      expectError(await report(down, token, { name: 'Anybody' }), 503, 'report.error');
    } finally {
      await down.close();
    }
  });
});

describe('POST /api/player/reportById', () => {
  it('reports by platform user id or persona id', async () => {
    const account = app.directory.freshAccount();
    const send = (data: Record<string, unknown>) =>
      app.request.post('/api/player/reportById').set('x-access-token', bot).send({ data: { game: 'bfv', cheatMethods: ['aimbot'], ...EVIDENCE, ...data }, SKIP_CAPTCHA: true });
    const byUser = await send({ originUserId: account.userId });
    expectOk(byUser, 'report.success');
    expectOk(await send({ originPersonaId: account.personaId, description: '<p>persona id this time</p>' }), 'report.success');
    expect((await caseRow(byUser.body.data.dbId)).commentsNum).toBe(2);
    expectError(await send({ originUserId: '99999999999' }), 404, 'reportById.notFound');
    expectInvalid(await send({}), 'reportById.bad', 'data');
    expectInvalid(await send({ originUserId: account.userId, description: '<p> </p>' }), 'reportById.bad', 'data.description');
  });
});
