import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, TEST_PASSWORD, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid, expectOk, ISO_DATE } from '@server/test/expect';
import { openCase } from '@server/test/cases';
import { timeline } from '@server/db/schema';
import { codeDigest } from '@server/modules/users/verifications';
import { png } from '@server/test/media';
import { computeUserStats } from './user-stats';

let app: TestApp;
let bot: string;
beforeAll(async () => {
  app = await createTestApp();
  ({ token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true }));
});
afterAll(() => app?.close());

const get = (path: string, token: string) => app.request.get(`/api/admin/${path}`).set('x-access-token', token);
const UA = 'Mozilla/5.0 (X11; Linux x86_64) TribunalTest/1.0';

describe('GET /api/admin/userOperationLogs', () => {
  it('records sign-in, password change, rename and sign-out where they happen, with address and user agent', async () => {
    const user = await app.factories.createUser();
    const signin = await app.request
      .post('/api/user/signin')
      .set('User-Agent', UA)
      .set('X-Forwarded-For', '203.0.113.7')
      .send({ data: { username: user.username, password: user.password }, captcha: await app.solveCaptcha() });
    expectOk(signin, 'signin.success');
    let token = signin.body.data.token as string;
    const renamed = `${user.username}-x`.slice(0, 40);
    expectOk(
      await app.request.post('/api/user/changeName').set('x-access-token', token).set('User-Agent', UA).send({ data: { newname: renamed }, captcha: await app.solveCaptcha() }),
      'changeName.success',
    );
    expectOk(
      await app.request.post('/api/user/changePassword').set('x-access-token', token).send({ data: { oldpassword: TEST_PASSWORD, newpassword: 'another-horse-8' } }),
      'changePassword.success',
    );
    token = await app.factories.signIn({ username: renamed, password: 'another-horse-8' });
    expectOk(await app.request.post('/api/user/signout').set('x-access-token', token), 'logout.success');

    const { token: root } = await app.factories.signedIn({ privileges: ['root'] });
    const res = await get(`userOperationLogs?id=${user.id}`, root);
    expectOk(res, 'admin.userOperationLogs.ok');
    expect(res.body.total).toBe(5);
    expect(res.body.data.map((o: { kind: string }) => o.kind)).toEqual(['signout', 'signin', 'changePassword', 'changeName', 'signin']);
    expect(res.body.data[4]).toMatchObject({ userId: user.id, username: renamed, kind: 'signin', ip: '203.0.113.7', userAgent: UA, createTime: expect.stringMatching(ISO_DATE) });
    expect(res.body.data[3]).toMatchObject({ kind: 'changeName', detail: { from: user.username, to: renamed } });
    expect(JSON.stringify(res.body)).not.toMatch(/another-horse|correct-horse|\$argon|\$2[aby]\$/);

    const asc = await get(`userOperationLogs?id=${user.id}&order=asc&limit=2&skip=1`, root);
    expect(asc.body.total).toBe(5);
    expect(asc.body.data.map((o: { kind: string }) => o.kind)).toEqual(['changeName', 'changePassword']);
    const kind = await get(`userOperationLogs?id=${user.id}&kind=signin`, root);
    expect(kind.body.total).toBe(2);
    const future = await get(`userOperationLogs?id=${user.id}&createTimeFrom=${Date.now() + 60_000}`, root);
    expect(future.body).toMatchObject({ total: 0, data: [] });
  });

  it('records a password reset with the mailed code', async () => {
    const user = await app.factories.createUser();
    expectOk(await app.request.post('/api/user/forgetPassword').send({ data: { username: user.username, originEmail: user.email }, captcha: await app.solveCaptcha() }), 'forgetPassword.needVerify');
    const mail = await app.mail.waitFor(user.email!);
    const code = new URL(app.mail.linkIn(mail)).searchParams.get('code')!;
    expectOk(await app.request.post('/api/user/forgetPasswordVerify').set('User-Agent', UA).send({ data: { code, newpassword: 'reset-horse-9' } }), 'forgetPassword.success');
    const { token: dev } = await app.factories.signedIn({ privileges: ['dev'] });
    const res = await get(`userOperationLogs?id=${user.id}&kind=resetPassword`, dev);
    expect(res.body.total).toBe(1);
    expect(res.body.data[0]).toMatchObject({ kind: 'resetPassword', userAgent: UA, ip: expect.stringMatching(/^10\./) });
  });

  it('shows addresses to root and dev only, and is refused below super', async () => {
    const { user, token: superToken } = await app.factories.signedIn({ privileges: ['super'] });
    const res = await get(`userOperationLogs?id=${user.id}`, superToken);
    expectOk(res, 'admin.userOperationLogs.ok');
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ kind: 'signin', ip: null });
    const { token: admin } = await app.factories.signedIn({ privileges: ['admin'] });
    expectError(await get('userOperationLogs', admin), 403, 'user.permissionDenined');
    expectInvalid(await get('userOperationLogs?kind=teleport', superToken), 'admin.userOperationLogs.bad', 'kind');
  });
});

describe('GET /api/admin/chatLog', () => {
  it('lists every message with both names, filtered by sender, recipient, type and time, exact total; pushes are in the admin log', async () => {
    const { user: boss, token } = await app.factories.signedIn({ privileges: ['super'] });
    const a = await app.factories.signedIn({ attr: { allowDM: true } });
    const b = await app.factories.signedIn({ attr: { allowDM: true } });
    const send = (t: string, data: Record<string, unknown>) => app.request.post('/api/message').set('x-access-token', t).send({ data });
    expectOk(await send(a.token, { type: 'direct', toUserId: b.user.id, content: '<p>hello there</p>' }), 'message.success', 201);
    expectOk(await send(b.token, { type: 'direct', toUserId: a.user.id, content: '<p>hi back</p>' }), 'message.success', 201);
    const warn = await send(token, { type: 'warn', toUserId: a.user.id, content: '<p>mind the rules</p>' });
    expectOk(warn, 'message.success', 201);

    const fromA = await get(`chatLog?byUserId=${a.user.id}`, token);
    expectOk(fromA, 'admin.chatLog.ok');
    expect(fromA.body.total).toBe(1);
    expect(fromA.body.data[0]).toMatchObject({ type: 'direct', byUserId: a.user.id, byUserName: a.user.username, toUserId: b.user.id, toUserName: b.user.username, content: '<p>hello there</p>', haveRead: false });
    const toA = await get(`chatLog?toUserId=${a.user.id}`, token);
    expect(toA.body.data.map((m: { type: string }) => m.type)).toEqual(['warn', 'direct']);
    const warns = await get(`chatLog?toUserId=${a.user.id}&type=warn`, token);
    expect(warns.body.total).toBe(1);
    const none = await get(`chatLog?toUserId=${a.user.id}&createTimeTo=${Date.now() - 3_600_000}`, token);
    expect(none.body).toMatchObject({ total: 0, data: [] });

    const logged = await get(`adminLog?actorId=${boss.id}&action=sendMessage`, token);
    expect(logged.body.data).toHaveLength(1);
    expect(logged.body.data[0]).toMatchObject({ targetUserId: a.user.id, detail: { type: 'warn', messageId: warn.body.data.id } });
    expect((await get(`adminLog?actorId=${a.user.id}`, token)).body.total).toBe(0);
  });

  it('is for super staff', async () => {
    const { token } = await app.factories.signedIn({ privileges: ['admin'] });
    expectError(await get('chatLog', token), 403, 'user.permissionDenined');
    const { token: dev } = await app.factories.signedIn({ privileges: ['dev'] });
    expectInvalid(await get('chatLog?type=shout', dev), 'admin.chatLog.bad', 'type');
  });
});

describe('GET /api/admin/verifications', () => {
  it('lists pending codes by who and kind, never the code, its digest or other secrets (root and dev)', async () => {
    const user = await app.factories.createUser();
    expectOk(await app.request.post('/api/user/forgetPassword').send({ data: { username: user.username, originEmail: user.email }, captcha: await app.solveCaptcha() }), 'forgetPassword.needVerify');
    const mail = await app.mail.waitFor(user.email!);
    const code = new URL(app.mail.linkIn(mail)).searchParams.get('code')!;

    const { token: root } = await app.factories.signedIn({ privileges: ['root'] });
    const res = await get('verifications?type=reset&limit=100', root);
    expectOk(res, 'verifications.ok');
    const mine = res.body.data.filter((v: { userId: number }) => v.userId === user.id);
    expect(mine).toEqual([{ type: 'reset', userId: user.id, username: user.username, originName: null, createTime: expect.stringMatching(ISO_DATE), expiresTime: expect.stringMatching(ISO_DATE) }]);
    expect(res.body.total).toBeGreaterThanOrEqual(1);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(code);
    expect(text).not.toContain(codeDigest(code));
    expect(text).not.toContain(user.email!);
    expect((await get('verifications?type=binding', root)).body.data.some((v: { userId: number }) => v.userId === user.id)).toBe(false);

    // Used codes are gone from the list.
    expectOk(await app.request.post('/api/user/forgetPasswordVerify').send({ data: { code, newpassword: 'reset-horse-9' } }), 'forgetPassword.success');
    expect((await get('verifications?type=reset&limit=100', root)).body.data.some((v: { userId: number }) => v.userId === user.id)).toBe(false);
  });

  it('is refused to super staff', async () => {
    const { token } = await app.factories.signedIn({ privileges: ['super'] });
    expectError(await get('verifications', token), 403, 'user.permissionDenined');
  });
});

describe('GET /api/admin/userStats', () => {
  it('counts judgements and replies per admin per day and month, lists the idle, and keeps the answer for an hour', async () => {
    const { user: judge, token } = await app.factories.signedIn({ privileges: ['admin'] });
    const idle = await app.factories.createUser({ privileges: ['super'] });
    const { dbId } = await openCase(app, bot);
    expectOk(
      await app.request.post('/api/player/judgement').set('x-access-token', token).send({ data: { toPlayerId: dbId, action: 'discuss', content: '<p>Looked at the whole video, need more.</p>' } }),
      'judgement.success',
    );
    // An older judgement, two months back, counts in its month only.
    const [entry] = await app.services.db.select().from(timeline).where(eq(timeline.playerId, dbId)).limit(1);
    const old = new Date();
    old.setUTCDate(1);
    old.setUTCMonth(old.getUTCMonth() - 2);
    await app.services.db.insert(timeline).values({ ...entry!, id: undefined, type: 'judgement', byUserId: judge.id, judgeAction: 'discuss', createTime: old });

    const res = await get('userStats', token);
    expectOk(res, 'admin.userStats.ok');
    const stats = res.body.data;
    expect(stats.days).toHaveLength(30);
    expect(stats.months).toHaveLength(12);
    expect(stats.days.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    const mine = stats.admins.find((a: { id: number }) => a.id === judge.id);
    expect(mine.judgementsByDay.at(-1)).toBe(1);
    expect(mine.judgementsByDay.reduce((x: number, y: number) => x + y, 0)).toBe(1);
    expect(mine.judgementsByMonth.at(-1)).toBe(1);
    expect(mine.judgementsByMonth.at(-3)).toBe(1);
    expect(mine.repliesByDay.every((n: number) => n === 0)).toBe(true);
    expect(mine.lastActive).toMatch(ISO_DATE);
    expect(stats.inactive.map((a: { id: number }) => a.id)).toContain(idle.id);
    expect(stats.inactive.map((a: { id: number }) => a.id)).not.toContain(judge.id);

    // Cached: a new judgement does not show until the hour is over; the same computation then counts it.
    expectOk(
      await app.request.post('/api/player/judgement').set('x-access-token', token).send({ data: { toPlayerId: dbId, action: 'discuss', content: '<p>Second look, still need the log file.</p>' } }),
      'judgement.success',
    );
    const again = await get('userStats', token);
    expect(again.body.data.generatedAt).toBe(stats.generatedAt);
    expect(again.body.data.admins.find((a: { id: number }) => a.id === judge.id).judgementsByDay.at(-1)).toBe(1);
    const fresh = await computeUserStats(app.services.db);
    expect(fresh.admins.find((a) => a.id === judge.id)!.judgementsByDay.at(-1)).toBe(2);
  });

  it('is for staff (admin and up)', async () => {
    const { token } = await app.factories.signedIn();
    expectError(await get('userStats', token), 403, 'user.permissionDenined');
  });
});

describe('media admin', () => {
  const put = async (token: string) => {
    const res = await app.request.put('/api/service/upload').set('x-access-token', token).set('Content-Type', 'application/octet-stream').send(await png(80, 60));
    expectOk(res, 'upload.success', 201);
    return res.body.data.name as string;
  };
  const quota = async (token: string) => (await app.request.get('/api/service/myStorageQuota').set('x-access-token', token)).body.data.totalStorage as number;

  it('lists every file by owner and time; a staff deletion frees the owner\'s quota and is in the admin log, an owner\'s own is not', async () => {
    const owner = await app.factories.signedIn();
    const before = Date.now() - 1;
    const first = await put(owner.token);
    const second = await put(owner.token);
    const { token: root } = await app.factories.signedIn({ privileges: ['root'] });
    const list = (data: Record<string, unknown>) => app.request.post('/api/service/files').set('x-access-token', root).send({ data });
    const all = await list({ userId: owner.user.id });
    expectOk(all, 'files.ok');
    expect(all.body.total).toBe(2);
    expect((await list({ userId: owner.user.id, createTimeFrom: before })).body.total).toBe(2);
    expect((await list({ userId: owner.user.id, createTimeTo: before })).body.total).toBe(0);
    expect(await quota(owner.token)).toBeGreaterThan(0);

    const { user: boss, token: superToken } = await app.factories.signedIn({ privileges: ['super'] });
    expectOk(await app.request.delete(`/api/service/file?filename=${first}`).set('x-access-token', superToken), 'file.deleted');
    expectOk(await app.request.delete(`/api/service/file?filename=${second}`).set('x-access-token', owner.token), 'file.deleted');
    expect(await quota(owner.token)).toBe(0);
    expect((await list({ userId: owner.user.id })).body.total).toBe(0);
    const logged = await get(`adminLog?targetUserId=${owner.user.id}`, superToken);
    expect(logged.body.total).toBe(1);
    expect(logged.body.data[0]).toMatchObject({ actorId: boss.id, action: 'deleteFile', detail: { filename: first, kind: 'image' } });
  });
});
