import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { messages, timeline, users } from '@server/db/schema';
import { collectEvents, createTestApp, joinRoom, nextEvent, unique, type TestApp } from '@server/test/harness';
import { inTransaction } from '@server/db/outbox';
import { expectError, expectInvalid, expectOk, expectTokenExpired } from '@server/test/expect';
import { openCase, report } from '@server/test/cases';

let app: TestApp;
let bot: string;
beforeAll(async () => {
  app = await createTestApp();
  ({ token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true }));
});
afterAll(() => app?.close());

const post = (token: string, path: string, body: object) => app.request.post(`/api/admin/${path}`).set('x-access-token', token).send(body);
const get = (token: string, path: string) => app.request.get(`/api/admin/${path}`).set('x-access-token', token);
const log = async (targetUserId: number) => (await app.services.db.query.adminLog.findMany({ where: (l, { eq }) => eq(l.targetUserId, targetUserId) })).map((l) => l.action);
const SECRET_KEYS = /passwordHash|password_hash|\$2[aby]\$/;

describe('GET /api/admin/searchUser', () => {
  it('finds by look-alike username, id, persona id and e-mail, with exact totals, never a hash; IPs for root/dev only', async () => {
    const base = unique('Sm1th').slice(0, 20);
    const target = await app.factories.createUser({ username: base, attr: { registerIP: '198.51.100.7' } });
    const { token: sup } = await app.factories.signedIn({ privileges: ['super'] });
    const { token: root } = await app.factories.signedIn({ privileges: ['root'] });
    // "Sm1th" is found as "SMlTH" (1/l/I fold together).
    const looksLike = base.replace('m1', 'MI').replace('th', 'TH');
    const byName = await get(sup, `searchUser?parameter=username&name=${encodeURIComponent(looksLike)}`);
    expectOk(byName, 'searchUser.ok');
    expect(byName.body.total).toBe(1);
    expect(byName.body.data[0]).toMatchObject({ id: target.id, username: base, privilege: ['normal'], valid: true });
    expect(JSON.stringify(byName.body)).not.toMatch(SECRET_KEYS);
    expect(byName.body.data[0].attr.registerIP).toBeUndefined();
    const asRoot = await get(root, `searchUser?parameter=id&name=${target.id}`);
    expect(asRoot.body.data[0].attr.registerIP).toBe('198.51.100.7');
    const byPersona = await get(sup, `searchUser?parameter=originPersonaId&name=${target.account!.personaId}`);
    expect(byPersona.body.data.map((u: { id: number }) => u.id)).toEqual([target.id]);
    const byMail = await get(sup, `searchUser?parameter=originEmail&name=${encodeURIComponent(target.email!.toUpperCase())}`);
    expect(byMail.body.data.map((u: { id: number }) => u.id)).toEqual([target.id]);
    const bots = await get(sup, `searchUser?parameter=username&name=${encodeURIComponent(looksLike)}&type=bot`);
    expect(bots.body).toMatchObject({ total: 0, data: [] });
  });

  it('pages with an exact total and filters staff', async () => {
    const tag = unique('pg').slice(0, 12);
    for (let i = 0; i < 3; i++) await app.factories.createUser({ username: `${tag}x${i}`, privileges: i === 0 ? ['admin'] : ['normal'] });
    const { token } = await app.factories.signedIn({ privileges: ['dev'] });
    const page = await get(token, `searchUser?name=${tag}&limit=2&skip=2&order=asc`);
    expect(page.body.total).toBe(3);
    expect(page.body.data.map((u: { username: string }) => u.username)).toEqual([`${tag}x2`]);
    const staff = await get(token, `searchUser?name=${tag}&type=admin`);
    expect(staff.body.data.map((u: { username: string }) => u.username)).toEqual([`${tag}x0`]);
  });

  it('lets every admin find accounts, but by e-mail and with e-mails only from super up', async () => {
    const target = await app.factories.createUser({ username: unique('Mail').slice(0, 20) });
    const { token: admin } = await app.factories.signedIn({ privileges: ['admin'] });
    const byId = await get(admin, `searchUser?parameter=id&name=${target.id}`);
    expectOk(byId, 'searchUser.ok');
    expect(byId.body.data[0]).toMatchObject({ id: target.id, originName: target.account!.name, originEmail: null });
    expectError(await get(admin, `searchUser?parameter=originEmail&name=${encodeURIComponent(target.email!)}`), 403, 'user.permissionDenined');
    const { token: sup } = await app.factories.signedIn({ privileges: ['super'] });
    expect((await get(sup, `searchUser?parameter=id&name=${target.id}`)).body.data[0].originEmail).toBe(target.email);
  });

  it('is for staff and validates', async () => {
    const { token: member } = await app.factories.signedIn({ privileges: ['volunteer', 'normal'] });
    const { token: dev } = await app.factories.signedIn({ privileges: ['dev'] });
    expectError(await get(member, 'searchUser?name=abc'), 403, 'user.permissionDenined');
    expectTokenExpired(await app.request.get('/api/admin/searchUser?name=abc'));
    expectInvalid(await get(dev, 'searchUser?name=abc&parameter=password'), 'searchUser.bad', 'parameter');
    expectInvalid(await get(dev, 'searchUser?name=' + 'x'.repeat(255)), 'searchUser.bad', 'name');
  });

  it('lists every account of the type when no name is typed (the staff page opens so)', async () => {
    const { token: dev } = await app.factories.signedIn({ privileges: ['dev'] });
    const everyone = await get(dev, 'searchUser?name=&parameter=&skip=0&limit=100&type=all&order=desc');
    expectOk(everyone, 'searchUser.ok');
    const n = (await app.services.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
    expect(everyone.body.total).toBe(n);
    const staff = await get(dev, 'searchUser?name=&skip=0&limit=100&parameter=username&type=admin&order=desc');
    expectOk(staff, 'searchUser.ok');
    expect(staff.body.total).toBeGreaterThan(0);
    expect(staff.body.total).toBeLessThan(n);
    for (const u of staff.body.data as Array<{ privilege: string[] }>) expect(u.privilege.some((p) => ['admin', 'super', 'root', 'dev'].includes(p))).toBe(true);
  });
});

describe('POST /api/admin/setUserRole', () => {
  const role = (token: string, id: number, action: string, r: string) => post(token, 'setUserRole', { data: { id, action, role: r } });

  it('grants with the reference side effects, logs it, and tells the user live', async () => {
    const { user: boss, token } = await app.factories.signedIn({ privileges: ['super'] });
    const { user: target, token: targetToken } = await app.factories.signedIn();
    const socket = await app.socket(targetToken);
    await joinRoom(socket, `user:${target.id}`);
    const updated = nextEvent(socket, (ev) => ev.name === 'user.updated');
    const res = await role(token, target.id, 'grant', 'admin');
    expectOk(res, 'admin.setUserRole.ok');
    expect(res.body.data).toEqual({ id: target.id, privilege: ['admin'] });
    await updated;
    socket.disconnect();
    expect((await app.factories.userRow(target.id)).privileges).toEqual(['admin']);
    const entries = await app.services.db.query.adminLog.findMany({ where: (l, { eq }) => eq(l.targetUserId, target.id) });
    expect(entries).toEqual([expect.objectContaining({ actorId: boss.id, action: 'setUserRole', detail: { action: 'grant', role: 'admin', before: ['normal'], after: ['admin'] } })]);
    expectOk(await role(token, target.id, 'grant', 'blacklisted'), 'admin.setUserRole.ok');
    expect((await app.factories.userRow(target.id)).privileges).toEqual(['blacklisted']);
    expectOk(await role(token, target.id, 'revoke', 'blacklisted'), 'admin.setUserRole.ok');
    expect((await app.factories.userRow(target.id)).privileges).toEqual(['normal']);
  });

  it('refuses the matrix, the rank rule and self changes with setUserRole.permissionDenied, changing nothing', async () => {
    const { user: dev, token: devToken } = await app.factories.signedIn({ privileges: ['dev'] });
    const { token: supToken } = await app.factories.signedIn({ privileges: ['super'] });
    const root = await app.factories.createUser({ privileges: ['root'] });
    const plain = await app.factories.createUser();
    expectError(await role(devToken, root.id, 'grant', 'blacklisted'), 403, 'admin.setUserRole.permissionDenied');
    expectError(await role(supToken, dev.id, 'grant', 'blacklisted'), 403, 'admin.setUserRole.permissionDenied');
    expectError(await role(devToken, dev.id, 'revoke', 'dev'), 403, 'admin.setUserRole.permissionDenied');
    expectError(await role(devToken, plain.id, 'grant', 'admin'), 403, 'admin.setUserRole.permissionDenied');
    expectError(await role(supToken, plain.id, 'grant', 'root'), 403, 'admin.setUserRole.permissionDenied');
    expect((await app.factories.userRow(root.id)).privileges).toEqual(['root']);
    expect((await app.factories.userRow(dev.id)).privileges).toEqual(['dev']);
    expect(await log(plain.id)).toEqual([]);
    expectError(await role(supToken, 2_000_000_000, 'grant', 'normal'), 404, 'admin.setUserRole.notFound');
    expectInvalid(await role(supToken, plain.id, 'grant', 'emperor'), 'admin.setUserRole.bad', 'data.role');
    const { token: admin } = await app.factories.signedIn({ privileges: ['admin'] });
    expectError(await role(admin, plain.id, 'grant', 'volunteer'), 403, 'user.permissionDenined');
  });

  it('a demoted admin loses the staff room at once, and their token reads as a member', async () => {
    const { token: rootToken } = await app.factories.signedIn({ privileges: ['root'] });
    const { user: admin, token: adminToken } = await app.factories.signedIn({ privileges: ['admin'] });
    const socket = await app.socket(adminToken);
    expect(await joinRoom(socket, 'staff')).toMatchObject({ ok: true });
    const heard = collectEvents(socket);
    expectOk(await role(rootToken, admin.id, 'revoke', 'admin'), 'admin.setUserRole.ok');
    await new Promise((r) => setTimeout(r, 300));
    await inTransaction(app.services, ({ emit }) => emit('staff', 'user.updated', { userId: 1 }));
    await new Promise((r) => setTimeout(r, 300));
    expect(heard.filter((e) => e.room === 'staff')).toEqual([]);
    expect(socket.connected).toBe(true);
    socket.disconnect();
    expectError(await post(adminToken, 'muteUser', { data: { id: admin.id, type: 'add', value: 0 } }), 403, 'user.permissionDenined');
  });
});

describe('account management', () => {
  it('setUserAttr renames (name rules, uniqueness), forces settings and sanitises the introduction', async () => {
    const { token } = await app.factories.signedIn({ privileges: ['super'] });
    const target = await app.factories.createUser();
    const taken = await app.factories.createUser();
    const name = unique('renamed').slice(0, 30);
    const res = await post(token, 'setUserAttr', { data: { id: target.id, username: name, attr: { allowDM: true, changeNameLeft: 0 }, userIntroduction: '<p>hi<script>alert(1)</script></p>' } });
    expectOk(res, 'admin.setUserAttr.ok');
    const row = await app.factories.userRow(target.id);
    expect(row).toMatchObject({ username: name, attr: expect.objectContaining({ allowDM: true, changeNameLeft: 0, introduction: '<p>hi</p>' }) });
    expectError(await post(token, 'setUserAttr', { data: { id: target.id, username: taken.username.toUpperCase() } }), 409, 'admin.setUserAttr.occupied');
    expectInvalid(await post(token, 'setUserAttr', { data: { id: target.id, username: 'no spaces!' } }), 'admin.setUserAttr.bad', 'data.username');
    expectInvalid(await post(token, 'setUserAttr', { data: { id: target.id, attr: { allowDM: 'yes' } } }), 'admin.setUserAttr.bad', 'data.attr.allowDM');
    // The original's web client sends back the whole attr its list showed: what staff may not force is dropped.
    const mutedUntil = new Date(Date.now() + 3_600_000).toISOString();
    await app.services.db.update(users).set({ attr: { ...(await app.factories.userRow(target.id)).attr, mute: mutedUntil, lastSigninIP: '198.51.100.9' } }).where(eq(users.id, target.id));
    const whole = await post(token, 'setUserAttr', { data: { id: target.id, attr: { allowDM: false, introduction: '<p>x</p>', achievements: {}, mute: null, lastSigninIP: '203.0.113.1' }, userIntroduction: '<p>kept</p>' } });
    expectOk(whole, 'admin.setUserAttr.ok');
    expect((await app.factories.userRow(target.id)).attr).toMatchObject({ allowDM: false, mute: mutedUntil, lastSigninIP: '198.51.100.9', introduction: '<p>kept</p>' });
    // A super sees no addresses, in this answer as in the lists.
    expect(whole.body.data.attr).not.toHaveProperty('lastSigninIP');
    const boss = await app.factories.createUser({ privileges: ['root'] });
    expectError(await post(token, 'setUserAttr', { data: { id: boss.id, attr: { allowDM: false } } }), 403, 'admin.setUserAttr.permissionDenied');
    expect(await log(target.id)).toEqual(['setUserAttr', 'setUserAttr']);
  });

  it('transferBindData moves the binding to an unbound account in one step; setUserBindData is root/dev', async () => {
    const { token: sup } = await app.factories.signedIn({ privileges: ['super'] });
    const { token: dev } = await app.factories.signedIn({ privileges: ['dev'] });
    const from = await app.factories.createUser();
    const to = await app.factories.createUser({ bound: false });
    const bound = await app.factories.createUser();
    expectError(await post(sup, 'transferBindData', { data: { fromId: from.id, toId: bound.id } }), 409, 'transferBindData.targetBound');
    expectError(await post(sup, 'transferBindData', { data: { fromId: to.id, toId: bound.id } }), 400, 'transferBindData.notBound');
    expectOk(await post(sup, 'transferBindData', { data: { fromId: from.id, toId: to.id } }), 'transferBindData.ok');
    expect(await app.factories.userRow(from.id)).toMatchObject({ originUserId: null, originEmail: null });
    expect(await app.factories.userRow(to.id)).toMatchObject({ originUserId: from.account!.userId, originEmail: from.email });
    expect(await log(to.id)).toEqual(['transferBindData']);

    expectError(await post(sup, 'setUserBindData', { data: { id: from.id, originName: 'X', originUserId: '1' } }), 403, 'user.permissionDenined');
    expectError(await post(dev, 'setUserBindData', { data: { id: from.id, originName: 'Taken', originUserId: to.account?.userId ?? from.account!.userId } }), 409, 'setUserBindData.originBindingExist');
    expectOk(await post(dev, 'setUserBindData', { data: { id: from.id, originName: 'Fresh_Name', originUserId: '987654321012' } }), 'setUserBindData.ok');
    expect(await app.factories.userRow(from.id)).toMatchObject({ originName: 'Fresh_Name', originUserId: '987654321012' });
  });

  it('addUser creates an unbound normal account that can sign in', async () => {
    const { token } = await app.factories.signedIn({ privileges: ['super'] });
    const username = unique('added').slice(0, 30);
    const res = await post(token, 'addUser', { data: { username, password: 'added-pass-1' } });
    expectOk(res, 'admin.addUser.success', 201);
    expect(JSON.stringify(res.body)).not.toMatch(SECRET_KEYS);
    const token2 = await app.factories.signIn({ username, password: 'added-pass-1' });
    expect(token2).toBeTruthy();
    expectError(await post(token, 'addUser', { data: { username: username.toUpperCase(), password: 'added-pass-1' } }), 409, 'admin.addUser.usernameExist');
  });

  it('delUser: logic disables and ends sessions, restore undoes it, real anonymises and keeps the cases', async () => {
    const { token: root } = await app.factories.signedIn({ privileges: ['root'] });
    const { token: sup } = await app.factories.signedIn({ privileges: ['super'] });
    const { user: reporter, token: reporterToken } = await app.factories.signedIn({ privileges: ['normal'] });
    const filed = await report(app, reporterToken, app.directory.freshAccount(), {}, { captcha: await app.solveCaptcha() });
    expectOk(filed, 'report.success');
    const dbId = filed.body.data.dbId as number;
    expectError(await post(sup, 'delUser', { data: { type: 'logic', id: reporter.id } }), 403, 'user.permissionDenined');
    expectOk(await post(root, 'delUser', { data: { type: 'logic', id: reporter.id } }), 'admin.delUser.success', 201);
    expectError(await app.request.get('/api/user/me').set('x-access-token', reporterToken), 401, 'user.invalid');
    expectOk(await post(root, 'delUser', { data: { type: 'restore', id: reporter.id } }), 'admin.delUser.success', 201);
    expect((await app.factories.userRow(reporter.id)).valid).toBe(true);
    expectOk(await post(root, 'delUser', { data: { type: 'real', id: reporter.id } }), 'admin.delUser.success', 201);
    const row = await app.factories.userRow(reporter.id);
    expect(row).toMatchObject({ valid: false, originEmail: null, originUserId: null, originName: null, privileges: ['normal'] });
    expect(row.username).toMatch(/^deleted-/);
    expect(row.attr).toEqual({ changeNameLeft: 0 });
    const entries = await app.services.db.select().from(timeline).where(eq(timeline.playerId, dbId));
    expect(entries.some((e) => e.byUserId === reporter.id)).toBe(true);
    expect(await log(reporter.id)).toEqual(['delUser', 'delUser', 'delUser']);
  });

  it('delUser real: the events kept for replays name the account as the site now does, in every room', async () => {
    const { token: root } = await app.factories.signedIn({ privileges: ['root'] });
    const { user: target, token } = await app.factories.signedIn({ privileges: ['normal'] });
    const recipient = await app.factories.signedIn({ attr: { allowDM: true } });
    const quoter = await app.factories.signedIn();
    const watcher = await app.socket();
    const feedHead = await joinRoom(watcher, 'all');
    if (!feedHead.ok) throw new Error('join refused');
    watcher.disconnect();

    const filed = await report(app, token, app.directory.freshAccount(), {}, { captcha: await app.solveCaptcha() });
    expectOk(filed, 'report.success');
    const dbId = filed.body.data.dbId as number;
    const entryId = (await app.request.get(`/api/player/timeline?dbId=${dbId}`)).body.data.result[0].id as number;
    const quoting = { toPlayerId: dbId, toCommentId: entryId, content: '<p>the same wallhack, seen from spawn</p>' };
    expectOk(await app.request.post('/api/player/reply').set('x-access-token', quoter.token).send({ data: quoting, captcha: await app.solveCaptcha() }), 'reply.success');
    const dm = { toUserId: recipient.user.id, type: 'direct', content: '<p>thanks for the clip</p>' };
    expectOk(await app.request.post('/api/message').set('x-access-token', token).send({ data: dm }), 'message.success', 201);

    expectOk(await post(root, 'delUser', { data: { type: 'real', id: target.id } }), 'admin.delUser.success', 201);
    const now = (await app.factories.userRow(target.id)).username;

    const replay = async (room: string, from: number, as?: string) => {
      const socket = await app.socket(as);
      const events = collectEvents(socket);
      expect(await joinRoom(socket, room, from)).toMatchObject({ ok: true });
      await new Promise((r) => setTimeout(r, 300));
      socket.disconnect();
      return events.filter((e) => e.room === room);
    };
    const caseEvents = await replay(`case:${dbId}`, 0);
    const feed = await replay('all', feedHead.lastSeq);
    const inbox = await replay(`user:${recipient.user.id}`, 0, recipient.token);
    for (const events of [caseEvents, feed, inbox]) expect(JSON.stringify(events)).not.toContain(target.username);
    const added = caseEvents.filter((e) => e.name === 'timeline.added').map((e) => (e.payload as { entry: { id: number; username: string; byUserAvatar: string; quote?: { username: string } } }).entry);
    expect(added.find((e) => e.id === entryId)).toMatchObject({ username: now, privilege: ['normal'] });
    expect(added.find((e) => e.quote)?.quote).toMatchObject({ id: entryId, username: now });
    expect(feed.find((e) => e.name === 'activity' && (e.payload as { item: { id: number } }).item.id === entryId)?.payload).toMatchObject({ item: { byUserName: now } });
    expect(inbox.find((e) => e.name === 'message.new')?.payload).toMatchObject({ message: { byUserId: target.id, username: now } });
    // The account's entries read now as the replay tells them.
    const page = await app.request.get(`/api/player/timeline?dbId=${dbId}`);
    expect(page.body.data.result[0]).toMatchObject({ username: now, byUserAvatar: added.find((e) => e.id === entryId)!.byUserAvatar });
  });

  it('setUserGeneratePassword revokes sessions and mails a single-use reset link, never a password', async () => {
    const { token: dev } = await app.factories.signedIn({ privileges: ['dev'] });
    const { user, token } = await app.factories.signedIn();
    const res = await post(dev, 'setUserGeneratePassword', { data: { id: user.id } });
    expectOk(res, 'setUserGeneratePassword.ok');
    expectTokenExpired(await app.request.get('/api/user/me').set('x-access-token', token));
    const mail = await app.mail.waitFor(user.email!);
    const link = new URL(app.mail.linkIn(mail));
    expect(link.pathname).toBe('/forgetPasswordVerify');
    expect(mail.text ?? '').not.toContain(user.password);
    const code = link.searchParams.get('code')!;
    // The old password no longer signs in.
    const old = await app.request.post('/api/user/signin').send({ data: { username: user.username, password: user.password }, captcha: await app.solveCaptcha() });
    expectError(old, 401, 'signin.noSuchUser');
    const reset = (p: string) => app.request.post('/api/user/forgetPasswordVerify').send({ data: { code, newpassword: p } });
    expectOk(await reset('after-reset-1'), 'forgetPassword.success');
    expectError(await reset('after-reset-2'), 404, 'forgetPassword.notFound');
    const unbound = await app.factories.createUser({ bound: false });
    expectError(await post(dev, 'setUserGeneratePassword', { data: { id: unbound.id } }), 400, 'setUserGeneratePassword.noEmail');
  });

  it('setUserGeneratePassword answers 503 mail.error when the mail server refuses the address, and changes nothing', async () => {
    const { token: dev } = await app.factories.signedIn({ privileges: ['dev'] });
    const { user, token } = await app.factories.signedIn();
    app.mail.refuse(user.email!);
    expectError(await post(dev, 'setUserGeneratePassword', { data: { id: user.id } }), 503, 'mail.error');
    expect(app.mail.refusals(user.email!)).toBe(1);
    // Nothing half-written: the session stays, the old password still signs in, no code, no log line.
    expectOk(await app.request.get('/api/user/me').set('x-access-token', token), 'userInfo.success');
    await app.factories.signIn(user);
    expect(await app.services.db.query.verifications.findMany({ where: (v, { eq }) => eq(v.userId, user.id) })).toHaveLength(0);
    expect(await log(user.id)).toEqual([]);
  });

  it('signin4comm (dev) checks another account’s credentials', async () => {
    const { token: dev } = await app.factories.signedIn({ privileges: ['dev'], skipCaptcha: true });
    const { token: root } = await app.factories.signedIn({ privileges: ['root'] });
    const user = await app.factories.createUser();
    const check = (token: string, password: string) =>
      app.request.post('/api/user/signin4comm').set('x-access-token', token).send({ data: { username: user.username, password }, SKIP_CAPTCHA: true });
    const good = await check(dev, user.password);
    expectOk(good, 'signin.success');
    expect(good.body.data).toEqual({ username: user.username, userid: user.id, usermail: user.email });
    expectError(await check(dev, 'wrong-password'), 401, 'signin.noSuchUser');
    expectError(await check(root, user.password), 403, 'user.permissionDenined');
  });

  it('signin4comm counts failures with sign-in: after 10 wrong passwords the account is locked for both', async () => {
    const { token: dev } = await app.factories.signedIn({ privileges: ['dev'], skipCaptcha: true });
    const user = await app.factories.createUser();
    const check = (password: string) =>
      app.request.post('/api/user/signin4comm').set('x-access-token', dev).send({ data: { username: user.username, password }, SKIP_CAPTCHA: true });
    for (let i = 0; i < 10; i++) expectError(await check(`wrong-${i}`), 401, 'signin.noSuchUser');
    expectError(await check(user.password), 429, 'request.rateLimited');
    const signin = await app.request.post('/api/user/signin').send({ data: { username: user.username, password: user.password }, captcha: await app.solveCaptcha() });
    expectError(signin, 429, 'request.rateLimited');
  });
});

describe('mutes', () => {
  const mute = (token: string, id: number, extra: object = {}, data: object = {}) => post(token, 'muteUser', { data: { id, type: 'add', value: 0, ...data }, ...extra });

  it('mutes for the chosen length; a muted user’s reply is refused with the end time; staff cannot be muted', async () => {
    const { token: admin } = await app.factories.signedIn({ privileges: ['admin'] });
    const { user, token } = await app.factories.signedIn();
    const { dbId } = await openCase(app, bot);
    const before = Date.now();
    const res = await mute(admin, user.id, { isNotice: true, warn: 'Please stop spamming.' }, { value: 1 });
    expectOk(res, 'admin.muteUser.ok');
    const until = new Date(res.body.data.mutedUntil).getTime();
    expect(until - before).toBeGreaterThanOrEqual(60 * 60_000 - 1000);
    expect(until - before).toBeLessThan(60 * 60_000 + 5000);
    const refused = await app.request.post('/api/player/reply').set('x-access-token', token).send({ data: { toPlayerId: dbId, content: '<p>hello there</p>' }, captcha: await app.solveCaptcha() });
    // The original's code for it (the web and mobile clients translate codes): the message tells the mute.
    expectError(refused, 400, 'reply.bad');
    expect(refused.body.message).toContain(new Date(until).toISOString());
    const inbox = await app.services.db.select().from(messages).where(eq(messages.toUserId, user.id));
    expect(inbox.map((m) => m.content).join(' ')).toContain('Please stop spamming.');
    // The user cannot clear it through their own settings.
    await app.request.post('/api/user/me').set('x-access-token', token).send({ data: { attr: { mute: null } } });
    expect((await app.factories.userRow(user.id)).attr.mute).toBe(new Date(until).toISOString());

    const { user: other } = await app.factories.signedIn({ privileges: ['admin'] });
    expectError(await mute(admin, other.id), 402, 'muteUser.ban.userUnauthorized');
    expectInvalid(await mute(admin, user.id, {}, { value: 6 }), 'admin.muteUser.bad', 'data.value');
    expect(await log(user.id)).toEqual(['muteUser']);

    const list = await get(admin, 'muteUserAll?limit=100');
    expectOk(list, 'admin.muteUserAll.ok');
    expect(list.body.data.find((u: { id: number }) => u.id === user.id)).toMatchObject({ mutedUntil: new Date(until).toISOString() });
    expect(JSON.stringify(list.body)).not.toMatch(SECRET_KEYS);

    expectOk(await post(admin, 'muteUser', { data: { id: user.id, type: 'remove' } }), 'admin.muteUser.ok');
    expect((await app.factories.userRow(user.id)).attr.mute).toBeUndefined();
    expectOk(await app.request.post('/api/player/reply').set('x-access-token', token).send({ data: { toPlayerId: dbId, content: '<p>hello again</p>' }, captcha: await app.solveCaptcha() }), 'reply.success');
  });

  it('blockedUserAll lists banned users with a total', async () => {
    const { token: sup } = await app.factories.signedIn({ privileges: ['super'] });
    const banned = await app.factories.createUser({ privileges: ['blacklisted'] });
    const res = await get(sup, 'blockedUserAll?limit=100');
    expectOk(res, 'admin.blockedUserAll.ok');
    expect(res.body.total).toBeGreaterThanOrEqual(1);
    expect(res.body.data.map((u: { id: number }) => u.id)).toContain(banned.id);
    expect(JSON.stringify(res.body)).not.toMatch(SECRET_KEYS);
    const { token: admin } = await app.factories.signedIn({ privileges: ['admin'] });
    expectError(await get(admin, 'blockedUserAll'), 403, 'user.permissionDenined');
  });
});

