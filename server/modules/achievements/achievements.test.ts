import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { achievementAudit, messages, userAchievements, users } from '@server/db/schema';
import { createTestApp, joinRoom, nextEvent, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid, expectOk, expectTokenExpired, ISO_DATE } from '@server/test/expect';
import { openCase } from '@server/test/cases';
import { insertOwned } from '../users/owned-achievements';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const list = (token: string, id?: number) => app.request.get(`/api/user/achievements${id ? `?id=${id}` : ''}`).set('x-access-token', token);
const claim = (token: string, body: unknown) => app.request.post('/api/user/achievement').set('x-access-token', token).send(body as object);
const admin = (token: string, action: 'add' | 'delete', body: unknown) => app.request.post(`/api/user/achievement/admin/${action}`).set('x-access-token', token).send(body as object);
const ownedRows = (userId: number) => app.services.db.select().from(userAchievements).where(eq(userAchievements.userId, userId));

describe('GET /api/user/achievements', () => {
  it('lists owned achievements in the reference shape, the experience, and what may be claimed now', async () => {
    const { user, token } = await app.factories.signedIn();
    await insertOwned(app.services.db, user.id, 'report_l1');
    const res = await list(token);
    expectOk(res, 'achievement.success');
    expect(res.body.data).toMatchObject({ userId: user.id, username: user.username, userAchievementExp: 10, isPublicAchievement: true, userAvatar: expect.any(String) });
    expect(res.body.data.achievements).toEqual([{ name: 'report_l1', acquisitionTime: expect.stringMatching(ISO_DATE), points: 10 }]);
    expect(res.body.data.claimable).toContain('one_search_player');
    expect(res.body.data.claimable).not.toContain('report_l1');
    expect(res.body.data.claimable).not.toContain('app_use_mobile');
  });

  it('shows another user’s only when they show them', async () => {
    const { token } = await app.factories.signedIn();
    const shown = await app.factories.createUser();
    const hidden = await app.factories.createUser({ attr: { showAchievement: false } });
    for (const u of [shown, hidden]) await insertOwned(app.services.db, u.id, 'old_user');
    expect((await list(token, shown.id)).body.data).toMatchObject({ isPublicAchievement: true, userAchievementExp: 100, achievements: [{ name: 'old_user' }], claimable: [] });
    expect((await list(token, hidden.id)).body.data).toMatchObject({ isPublicAchievement: false, userAchievementExp: 0, achievements: [] });
    expectError(await list(token, 999_999), 404, 'userInfo.notFound');
  });

  it('needs a token', async () => {
    expectTokenExpired(await app.request.get('/api/user/achievements'));
  });
});

describe('POST /api/user/achievement', () => {
  it('claims one whose condition holds, with {id} or {data: {id}}, once', async () => {
    const { user, token } = await app.factories.signedIn();
    const res = await claim(token, { id: 'one_search_player' });
    expectOk(res, 'achievement.success');
    expect(res.body.data).toMatchObject({ id: 'one_search_player', points: 0.5, acquisitionTime: expect.stringMatching(ISO_DATE) });
    expectError(await claim(token, { data: { id: 'one_search_player' } }), 403, 'achievement.duplicate');
    expect(await ownedRows(user.id)).toHaveLength(1);
    const { token: other } = await app.factories.signedIn();
    expectOk(await claim(other, { data: { id: 'one_search_player' } }), 'achievement.success');
  });

  it('refuses one whose condition is false, and unknown ids', async () => {
    const { token } = await app.factories.signedIn();
    expectError(await claim(token, { id: 'report_l1' }), 403, 'achievement.notConditions');
    expectError(await claim(token, { id: 'no_such_thing' }), 404, 'achievement.notFound');
    expectInvalid(await claim(token, {}), 'achievement.bad', 'id');
    expectInvalid(await claim(token, { id: 'Robert"); drop' }), 'achievement.bad', 'id');
  });

  it('grants once when the same claim arrives many times at once', async () => {
    const { user, token } = await app.factories.signedIn();
    const answers = await Promise.all(Array.from({ length: 6 }, () => claim(token, { id: 'one_search_player' })));
    const codes = answers.map((r) => r.body.code).sort();
    expect(codes.filter((c) => c === 'achievement.success')).toHaveLength(1);
    expect(codes.filter((c) => c === 'achievement.duplicate')).toHaveLength(5);
    expect(await ownedRows(user.id)).toHaveLength(1);
  });

  it('gives the mobile app one only to a phone-app token', async () => {
    const user = await app.factories.createUser();
    const web = await app.factories.signIn(user, { visitType: 'websites' });
    const phone = await app.factories.signIn(user, { visitType: 'client-phone' });
    expectError(await claim(web, { id: 'app_use_mobile' }), 403, 'achievement.notConditions');
    expectOk(await claim(phone, { id: 'app_use_mobile' }), 'achievement.success');
  });

  it('is refused to visitors, bot and app tokens, and banned or frozen accounts', async () => {
    expectTokenExpired(await app.request.post('/api/user/achievement').send({ id: 'one_search_player' }));
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    expectError(await claim(bot, { id: 'one_search_player' }), 403, 'user.permissionDenined');
    const user = await app.factories.createUser();
    const external = await app.factories.signIn(user, { visitType: 'external-auth' });
    expectError(await claim(external, { id: 'one_search_player' }), 403, 'user.permissionDenined');
    for (const role of ['blacklisted', 'freezed']) {
      const { token } = await app.factories.signedIn({ privileges: [role] });
      expectError(await claim(token, { id: 'one_search_player' }), 403, 'user.permissionDenined');
    }
  });
});

describe('POST /api/user/achievement/admin/add|delete', () => {
  it.each([
    ['normal', false],
    ['volunteer', false],
    ['admin', false],
    ['super', true],
    ['root', true],
    ['dev', true],
  ])('%s: allowed %s', async (role, allowed) => {
    const { token } = await app.factories.signedIn({ privileges: [role], skipCaptcha: role === 'dev' });
    const target = await app.factories.createUser();
    const add = await admin(token, 'add', { userId: target.id, achievementId: 'old_user' });
    if (!allowed) {
      expectError(add, 403, 'user.permissionDenined');
      expectError(await admin(token, 'delete', { userId: target.id, achievementId: 'old_user' }), 403, 'user.permissionDenined');
      expect(await ownedRows(target.id)).toHaveLength(0);
      return;
    }
    expectOk(add, 'achievement.success');
    expect(add.body.data).toMatchObject({ userId: target.id, achievements: { old_user: expect.any(Number) }, userAchievementExp: 100 });
    expectOk(await admin(token, 'delete', { data: { userId: target.id, achievementId: 'old_user' } }), 'achievement.success');
    expect(await ownedRows(target.id)).toHaveLength(0);
  });

  it('gives the target exactly that achievement (never the admin’s), tells them, and audits each change', async () => {
    const { user: root, token } = await app.factories.signedIn({ privileges: ['root'] });
    await insertOwned(app.services.db, root.id, 'report_l1');
    const { user: target, token: targetToken } = await app.factories.signedIn();
    const socket = await app.socket(targetToken);
    await joinRoom(socket, `user:${target.id}`);
    const told = nextEvent(socket, (ev) => ev.name === 'notification');
    expectOk(await admin(token, 'add', { userId: target.id, achievementId: 'old_user' }), 'achievement.success');
    expect((await ownedRows(target.id)).map((r) => [r.achievementId, r.grantedBy])).toEqual([['old_user', root.id]]);
    const ev = await told;
    expect((ev.payload as { content: string }).content).toMatch(/100/);
    const [inbox] = await app.services.db.select().from(messages).where(eq(messages.toUserId, target.id));
    expect(inbox!.content).toBe((ev.payload as { content: string }).content);
    expect(inbox!.content).not.toMatch(/achievements\.|\$t\(/);
    socket.disconnect();

    expectError(await admin(token, 'add', { userId: target.id, achievementId: 'old_user' }), 403, 'achievement.duplicate');
    expectOk(await admin(token, 'delete', { userId: target.id, achievementId: 'old_user' }), 'achievement.success');
    expectError(await admin(token, 'delete', { userId: target.id, achievementId: 'old_user' }), 404, 'achievement.notFound');
    expectError(await admin(token, 'add', { userId: target.id, achievementId: 'nope' }), 404, 'achievement.notFound');
    expectError(await admin(token, 'add', { userId: 999_999, achievementId: 'old_user' }), 404, 'userInfo.notFound');
    expectInvalid(await admin(token, 'add', { userId: 'x', achievementId: 'old_user' }), 'achievement.bad', 'userId');
    const audit = await app.services.db.select().from(achievementAudit).where(eq(achievementAudit.userId, target.id));
    expect(audit.map((a) => [a.adminId, a.achievementId, a.action])).toEqual([
      [root.id, 'old_user', 'add'],
      [root.id, 'old_user', 'delete'],
    ]);
  });
});

describe('achievements on user profiles', () => {
  const info = (id: number, token?: string) => {
    const req = app.request.get(`/api/user/info?id=${id}`);
    return token ? req.set('x-access-token', token) : req;
  };

  it('/user/info gives the target’s experience and achievements, not the viewer’s', async () => {
    const { user: viewer, token } = await app.factories.signedIn();
    await insertOwned(app.services.db, viewer.id, 'old_user');
    const target = await app.factories.createUser();
    await insertOwned(app.services.db, target.id, 'report_l1');
    await insertOwned(app.services.db, target.id, 'open_chat_l1');
    const res = await info(target.id, token);
    expect(res.body.data.userAchievementExp).toBe(10.5);
    expect(Object.keys(res.body.data.attr.achievements).sort()).toEqual(['open_chat_l1', 'report_l1']);
    expect((await app.request.get('/api/user/me').set('x-access-token', token)).body.data).toMatchObject({ userAchievementExp: 100, attr: { achievements: { old_user: expect.any(Number) } } });
  });

  it('showAchievement=false hides them from others, not from the owner or staff', async () => {
    const { user, token } = await app.factories.signedIn({ attr: { showAchievement: false } });
    await insertOwned(app.services.db, user.id, 'report_l1');
    const anon = (await info(user.id)).body.data;
    expect(anon.attr).not.toHaveProperty('achievements');
    expect(anon.userAchievementExp).toBe(0);
    expect((await info(user.id, token)).body.data.attr.achievements).toHaveProperty('report_l1');
    const { token: superToken } = await app.factories.signedIn({ privileges: ['super'] });
    expect((await app.request.get(`/api/user/info4admin?id=${user.id}`).set('x-access-token', superToken)).body.data.attr.achievements).toHaveProperty('report_l1');
  });

  it('ranks the points earned in the window on the statistics page, leaving out hidden and blacklisted users', async () => {
    const shown = await app.factories.createUser();
    const hidden = await app.factories.createUser({ attr: { showAchievement: false } });
    const banned = await app.factories.createUser({ privileges: ['blacklisted'] });
    for (const u of [shown, hidden, banned]) {
      await insertOwned(app.services.db, u.id, 'active_community_yearly_l2');
      await insertOwned(app.services.db, u.id, 'old_user');
    }
    const old = new Date(Date.now() - 40 * 24 * 3600 * 1000);
    await app.services.db.update(userAchievements).set({ acquiredTime: old }).where(and(eq(userAchievements.userId, shown.id), eq(userAchievements.achievementId, 'old_user')));
    const monthly = (await app.request.get('/api/activeStatistical?time=monthly&achievement=true')).body.data.achievement;
    expect(monthly.find((r: { id: number }) => r.id === shown.id)).toEqual({ id: shown.id, username: shown.username, points: 60, userAchievements: ['active_community_yearly_l2'] });
    expect(monthly.map((r: { id: number }) => r.id)).not.toContain(hidden.id);
    expect(monthly.map((r: { id: number }) => r.id)).not.toContain(banned.id);
  });
});

describe('achievements on timeline entries', () => {
  it('carry the author’s achievements for the badge strip, unless the author hides them', async () => {
    const { user: bot, token } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    await insertOwned(app.services.db, bot.id, 'report_l1');
    await insertOwned(app.services.db, bot.id, 'old_user');
    const { dbId } = await openCase(app, token);
    const entries = async () => (await app.request.get(`/api/player/timeline?dbId=${dbId}`)).body.data.result as Array<{ byUserId: number; byUserAchievements?: Record<string, number> }>;
    const [first] = (await entries()).filter((e) => e.byUserId === bot.id);
    expect(Object.keys(first!.byUserAchievements!).sort()).toEqual(['old_user', 'report_l1']);
    expect(typeof first!.byUserAchievements!.old_user).toBe('number');
    await app.services.db.update(users).set({ attr: { showAchievement: false } }).where(eq(users.id, bot.id));
    await app.services.readCache.evict([`user:${bot.id}`]); // what the settings route announces
    const [hidden] = (await entries()).filter((e) => e.byUserId === bot.id);
    expect(hidden).not.toHaveProperty('byUserAchievements');
  });
});

describe('passive grants', () => {
  it('a reporter reaching 10 reports gets report level 1 when a case is confirmed, with a toast and an inbox message', async () => {
    const { user: reporter, token } = await app.factories.signedIn();
    const { token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { token: superToken } = await app.factories.signedIn({ privileges: ['super'] });
    const cases: number[] = [];
    for (let i = 0; i < 10; i++) cases.push((await openCase(app, bot)).dbId);
    // Reports written straight to the timeline: the report route's spam rules are not under test.
    const { timeline, players } = await import('@server/db/schema');
    for (const id of cases) {
      const [p] = await app.services.db.select().from(players).where(eq(players.id, id));
      await app.services.db.insert(timeline).values({ type: 'report', playerId: id, toOriginUserId: p!.originUserId, toOriginPersonaId: p!.originPersonaId, toOriginName: p!.originName, byUserId: reporter.id });
    }
    const socket = await app.socket(token);
    await joinRoom(socket, `user:${reporter.id}`);
    const told = nextEvent(socket, (ev) => ev.name === 'notification', 10_000);
    const judged = await app.request
      .post('/api/player/judgement')
      .set('x-access-token', superToken)
      .send({ data: { toPlayerId: cases[0], action: 'kill', cheatMethods: ['aimbot'], content: '<p>Seen on the killcam from three angles.</p>' } });
    expectOk(judged, 'judgement.success');
    await told;
    socket.disconnect();
    // Only the first level: the others need 96 % of the reports confirmed (community ones may come from the ranking job).
    expect((await ownedRows(reporter.id)).map((r) => r.achievementId).filter((id) => id.startsWith('report_'))).toEqual(['report_l1']);
  });

  it('are the same on an entry as answered and as sent live as on the timeline read later (reply, judgement, report)', async () => {
    const { user: admin, token: adminToken } = await app.factories.signedIn({ privileges: ['admin'] });
    const { user: hider, token: hiderToken } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { user: reporter, token: reporterToken } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    await insertOwned(app.services.db, admin.id, 'report_l1');
    await insertOwned(app.services.db, reporter.id, 'old_user');
    await insertOwned(app.services.db, hider.id, 'old_user');
    await app.services.db.update(users).set({ attr: { showAchievement: false } }).where(eq(users.id, hider.id));
    const { dbId } = await openCase(app, reporterToken);
    const watcher = await app.socket();
    await joinRoom(watcher, `case:${dbId}`);
    const added = async (post: () => Promise<{ body: { data?: unknown } }>) => {
      const live = nextEvent(watcher, (e) => e.name === 'timeline.added');
      const res = await post();
      return { answered: res.body.data as { id?: number } | undefined, live: ((await live).payload as { entry: { id: number } }).entry };
    };
    const reply = (token: string, content: string) => async () =>
      app.request.post('/api/player/reply').set('x-access-token', token).send({ data: { toPlayerId: dbId, content }, captcha: await app.solveCaptcha() });
    const byAdmin = await added(reply(adminToken, '<p>The kill feed shows it twice in one round.</p>'));
    const byHider = await added(reply(hiderToken, '<p>Same name in the next match, same snaps.</p>'));
    const judged = await added(() =>
      app.request.post('/api/player/judgement').set('x-access-token', adminToken).send({ data: { toPlayerId: dbId, action: 'suspect', content: '<p>Suspicious aim in all three clips; waiting for more.</p>' } }),
    );
    const read = new Map(((await app.request.get(`/api/player/timeline?dbId=${dbId}`)).body.data.result as Array<{ id: number }>).map((e) => [e.id, e]));
    for (const { answered, live } of [byAdmin, byHider]) {
      expect(answered).toEqual(read.get(answered!.id!));
      expect(live).toEqual(read.get(live.id));
    }
    expect(judged.live).toEqual(read.get(judged.live.id));
    expect(Object.keys((byAdmin.live as { byUserAchievements?: object }).byUserAchievements ?? {})).toEqual(['report_l1']);
    expect(byHider.live).not.toHaveProperty('byUserAchievements');
    // A first report presents its author the same way.
    const reported = (await app.request.get(`/api/player/timeline?dbId=${dbId}&subject=report`)).body.data.result[0] as { byUserId: number; byUserAchievements?: object };
    expect(reported.byUserId).toBe(reporter.id);
    expect(Object.keys(reported.byUserAchievements ?? {})).toEqual(['old_user']);
    watcher.disconnect();
  });
});
