import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import { applicationKeys, players, users } from '@server/db/schema';
import { createTestApp, joinRoom, type TestApp, type TestUser } from '@server/test/harness';
import { expectError, expectInvalid, expectOk, ISO_DATE } from '@server/test/expect';
import { openCase, report } from '@server/test/cases';
import { keyHash } from '@server/modules/app-keys/key-secret';
import { makeDailyDump } from '@server/modules/open-data/produce';

let app: TestApp;
let staff: { user: TestUser; token: string };
let superToken: string;
let oldBot: string;
beforeAll(async () => {
  app = await createTestApp();
  staff = await app.factories.signedIn({ privileges: ['admin'] });
  ({ token: superToken } = await app.factories.signedIn({ privileges: ['super'] }));
  ({ token: oldBot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true, visitType: 'bot' }));
});
afterAll(() => app?.close());

let n = 0;
const registration = (over: Record<string, unknown> = {}) => ({
  name: `Squad bot ${++n}`,
  purpose: 'Checks the players of our community server and reports cheaters it sees.',
  homepage: 'https://squad.example/bot',
  contact: 'ops@squad.example',
  scopes: ['read', 'report', 'reply'],
  ...over,
});
const register = (token: string, data: Record<string, unknown>) => app.request.post('/api/developers/applications').set('x-access-token', token).send({ data });
const mine = (token: string) => app.request.get('/api/developers/applications').set('x-access-token', token);
const review = (token: string, data: Record<string, unknown>) => app.request.post('/api/admin/applications/review').set('x-access-token', token).send({ data });
const createKey = (token: string, data: Record<string, unknown>) => app.request.post('/api/developers/keys').set('x-access-token', token).send({ data });
const rotate = (token: string, id: number) => app.request.post('/api/developers/keys/rotate').set('x-access-token', token).send({ data: { id } });
const revoke = (token: string, id: number) => app.request.post('/api/developers/keys/revoke').set('x-access-token', token).send({ data: { id } });
const adminLog = (query: string) => app.request.get(`/api/admin/adminLog?${query}`).set('x-access-token', superToken);

/** A member's application approved by staff, and a key of it. */
async function approvedWithKey(over: Record<string, unknown> = {}, owner?: { user: TestUser; token: string }, keyScopes?: string[]) {
  const member = owner ?? (await app.factories.signedIn());
  const registered = await register(member.token, registration(over));
  expectOk(registered, 'applicationRegister.success', 201);
  expectOk(await review(staff.token, { id: registered.body.data.id, action: 'approve' }), 'applicationReview.success');
  const key = await createKey(member.token, { applicationId: registered.body.data.id, name: 'production', ...(keyScopes ? { scopes: keyScopes } : {}) });
  expectOk(key, 'appKey.success', 201);
  return { member, application: registered.body.data as { id: number; name: string }, key: key.body.data as { id: number; secret: string; prefix: string } };
}

describe('registering and reviewing applications', () => {
  it('takes a member’s application for review; staff approve, refuse with a reason or suspend it, each in the admin log', async () => {
    const member = await app.factories.signedIn();
    expectInvalid(await register(member.token, registration({ homepage: 'http://plain.example' })), 'applicationRegister.bad', 'data.homepage');
    expectInvalid(await register(member.token, registration({ scopes: ['everything'] })), 'applicationRegister.bad', 'data.scopes.0');
    expectError(await register(member.token, registration({ scopes: ['read', 'judge'] })), 403, 'applicationRegister.staffOnly');

    const res = await register(member.token, registration({ name: 'Kick helper', scopes: ['webhooks', 'read', 'read'] }));
    expectOk(res, 'applicationRegister.success', 201);
    expect(res.body.data).toMatchObject({ name: 'Kick helper', status: 'pending', requestedScopes: ['read', 'webhooks'], grantedScopes: [], ownerId: member.user.id, botUserId: null, keys: [] });
    expect(res.body.data.createTime).toMatch(ISO_DATE);
    const id = res.body.data.id as number;

    // Keys wait for approval.
    expectError(await createKey(member.token, { applicationId: id, name: 'early' }), 403, 'appKey.notApproved');
    // Members do not review; nor do they see others' applications.
    expectError(await review(member.token, { id, action: 'approve' }), 403, 'user.permissionDenined');
    const listed = await app.request.get('/api/admin/applications').set('x-access-token', staff.token);
    expectOk(listed, 'adminApplications.ok');
    expect(listed.body.data.map((a: { name: string }) => a.name)).toContain('Kick helper');

    expectInvalid(await review(staff.token, { id, action: 'refuse' }), 'applicationReview.bad', 'data.reason');
    expectOk(await review(staff.token, { id, action: 'refuse', reason: 'Tell us which servers it runs on.' }), 'applicationReview.success');
    expectError(await review(staff.token, { id, action: 'suspend', reason: 'again' }), 400, 'applicationReview.bad');
    expectError(await review(staff.token, { id, action: 'approve', scopes: ['read', 'report'] }), 400, 'applicationReview.bad');
    const approved = await review(staff.token, { id, action: 'approve', scopes: ['read'] });
    expectOk(approved, 'applicationReview.success');
    expect(approved.body.data).toMatchObject({ status: 'approved', grantedScopes: ['read'], reason: null, reviewerName: staff.user.username, botUserId: expect.any(Number) });
    const bot = await app.factories.userRow(approved.body.data.botUserId);
    expect(bot.privileges).toEqual(['bot']);
    expect(bot.attr.app).toEqual({ id, name: 'Kick helper' });
    expectOk(await review(staff.token, { id, action: 'suspend', reason: 'Polls every 10 ms.' }), 'applicationReview.success');

    const own = await mine(member.token);
    expectOk(own, 'applications.ok');
    expect(own.body.data[0]).toMatchObject({ id, status: 'suspended', reason: 'Polls every 10 ms.' });

    const log = await adminLog(`targetUserId=${member.user.id}`);
    expect(log.body.data.map((l: { action: string; actorId: number }) => [l.action, l.actorId])).toEqual([
      ['suspendApplication', staff.user.id],
      ['approveApplication', staff.user.id],
      ['refuseApplication', staff.user.id],
    ]);
    expect(log.body.data[1].detail).toEqual({ applicationId: id, name: 'Kick helper', scopes: ['read'] });
    expect(log.body.data[2].detail.reason).toBe('Tell us which servers it runs on.');
  });

  it('lets at most a few wait at once, and refuses tokens that are not a person at the site', async () => {
    const member = await app.factories.signedIn();
    for (let i = 0; i < LIMITS.applicationsPendingPerUser; i++) expectOk(await register(member.token, registration()), 'applicationRegister.success', 201);
    expectError(await register(member.token, registration()), 429, 'applicationRegister.tooMany');
    expectError(await register(oldBot, registration()), 403, 'user.permissionDenined');
    expectError(await app.request.get('/api/developers/applications'), 401, 'user.tokenExpired');
  });

  it('gives the judge scope to staff members’ applications only', async () => {
    const staffApp = await register(staff.token, registration({ scopes: ['read', 'judge'] }));
    expectOk(staffApp, 'applicationRegister.success', 201);
    expectOk(await review(staff.token, { id: staffApp.body.data.id, action: 'approve' }), 'applicationReview.success');
  });
});

describe('keys', () => {
  it('are shown once, stored as an HMAC only, scoped within the grant, and act as the application’s bot account', async () => {
    const { member, application, key } = await approvedWithKey();
    expect(key.secret).toMatch(/^tbk_[A-Za-z0-9_-]{43}$/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    const [row] = await app.services.db.select().from(applicationKeys).where(eq(applicationKeys.id, key.id));
    expect(row!.hash).toBe(keyHash(app.services.secret, key.secret));
    expect(JSON.stringify(row)).not.toContain(key.secret.slice(4));
    const listed = await mine(member.token);
    expect(JSON.stringify(listed.body)).not.toContain(key.secret);
    expect(listed.body.data[0].keys[0]).toMatchObject({ id: key.id, name: 'production', scopes: ['read', 'report', 'reply'], live: true, lastUsedTime: null });

    expectError(await createKey(member.token, { applicationId: application.id, name: 'wide', scopes: ['judge'] }), 400, 'appKey.bad');
    const other = await app.factories.signedIn();
    expectError(await createKey(other.token, { applicationId: application.id, name: 'stolen' }), 404, 'application.notFound');
    expectError(await revoke(other.token, key.id), 404, 'appKey.notFound');

    // The key is the bot account, by either header; its last use is noted.
    const me = await app.request.get('/api/user/me').set('x-access-token', key.secret);
    expectOk(me, 'userInfo.success');
    expect(me.body.data).toMatchObject({ privilege: ['bot'], username: expect.stringMatching(new RegExp(`^app-${application.id}-`)) });
    const bearer = await app.request.get('/api/user/me').set('Authorization', `Bearer ${key.secret}`);
    expectOk(bearer, 'userInfo.success');
    expect(bearer.headers['cache-control']).toBe('private, no-store');
    await expect.poll(async () => (await mine(member.token)).body.data[0].keys[0].lastUsedTime).toMatch(ISO_DATE);
    // Written at most once a minute, not on every request.
    const firstUse = (await mine(member.token)).body.data[0].keys[0].lastUsedTime;
    expectOk(await app.request.get('/api/user/me').set('x-access-token', key.secret), 'userInfo.success');
    await new Promise((r) => setTimeout(r, 100));
    expect((await mine(member.token)).body.data[0].keys[0].lastUsedTime).toBe(firstUse);
    // Accounts and keys themselves are managed by a person, never by a key.
    expectError(await app.request.get('/api/developers/applications').set('x-access-token', key.secret), 403, 'user.permissionDenined');
    expectError(await app.request.post('/api/user/me').set('x-access-token', key.secret).send({ data: { attr: { allowDM: false } } }), 403, 'user.permissionDenined');
  });

  it('rotate with two live keys for a while, and stop at once when revoked', async () => {
    const { member, key } = await approvedWithKey();
    const rotated = await rotate(member.token, key.id);
    expectOk(rotated, 'appKey.success', 201);
    const fresh = rotated.body.data as { id: number; secret: string; name: string };
    expect(fresh.name).toBe('production');
    expect(fresh.secret).not.toBe(key.secret);
    // Both work during the grace.
    for (const secret of [key.secret, fresh.secret]) expectOk(await app.request.get('/api/user/me').set('x-access-token', secret), 'userInfo.success');
    const keys = (await mine(member.token)).body.data[0].keys as Array<{ id: number; live: boolean; expiresTime: string | null }>;
    const old = keys.find((k) => k.id === key.id)!;
    expect(old.live).toBe(true);
    expect(new Date(old.expiresTime!).getTime() - Date.now()).toBeGreaterThan(LIMITS.appKeyRotationGraceMs - 60_000);
    expectError(await rotate(member.token, key.id), 400, 'appKey.bad');
    expectError(await rotate(member.token, fresh.id), 409, 'appKey.tooMany');

    // The grace ends: the old key is refused, the new one works.
    await app.services.db.update(applicationKeys).set({ expiresTime: new Date(Date.now() - 1000) }).where(eq(applicationKeys.id, key.id));
    expectError(await app.request.get('/api/user/me').set('x-access-token', key.secret), 401, 'app.keyRefused');
    expectOk(await revoke(member.token, fresh.id), 'appKey.success');
    expectError(await app.request.get('/api/user/me').set('x-access-token', fresh.secret), 401, 'app.keyRefused');
    // Refused even where no token is needed: the integration hears it at once.
    expectError(await app.request.get('/api/tools').set('x-access-token', fresh.secret), 401, 'app.keyRefused');
    expectError(await app.request.get('/api/user/me').set('x-access-token', 'tbk_not-a-key'), 401, 'app.keyRefused');
  });

  it('open a live connection as the bot account: its own room, not another’s', async () => {
    const { member, key } = await approvedWithKey();
    const botUserId = (await mine(member.token)).body.data[0].botUserId as number;
    const socket = await app.socket(key.secret);
    expect((await joinRoom(socket, `user:${botUserId}`)).ok).toBe(true);
    expect(await joinRoom(socket, `user:${member.user.id}`)).toMatchObject({ ok: false, code: 'room.forbidden' });
    socket.disconnect();
  });

  it('stop while their application is suspended', async () => {
    const { application, key } = await approvedWithKey();
    expectOk(await review(staff.token, { id: application.id, action: 'suspend', reason: 'Too many false reports.' }), 'applicationReview.success');
    expectError(await app.request.get('/api/user/me').set('x-access-token', key.secret), 401, 'app.keyRefused');
    expectOk(await review(staff.token, { id: application.id, action: 'approve' }), 'applicationReview.success');
    expectOk(await app.request.get('/api/user/me').set('x-access-token', key.secret), 'userInfo.success');
  });
});

describe('scopes', () => {
  it('are enforced by each route’s policy: reads need read, writes their declared scope, other writes are refused', async () => {
    const { key: readOnly } = await approvedWithKey({ scopes: ['read', 'report'] }, undefined, ['read']);
    const account = app.directory.freshAccount();
    expectError(await report(app, readOnly.secret, account), 403, 'app.scopeMissing');
    const { key: noRead } = await approvedWithKey({ scopes: ['read', 'report'] }, undefined, ['report']);
    expectError(await app.request.get('/api/user/me').set('x-access-token', noRead.secret), 403, 'app.scopeMissing');
    const filed = await report(app, noRead.secret, account);
    expectOk(filed, 'report.success');
    // A write no scope names: not for keys, whatever their scopes.
    expectError(await app.request.post('/api/tools/submit').set('x-access-token', noRead.secret).send({ data: {} }), 403, 'user.permissionDenined');
  });
});

describe('what a key does', () => {
  it('is marked as the application’s in the timeline', async () => {
    const { application, key } = await approvedWithKey();
    const { dbId } = await openCase(app, oldBot);
    const reply = await app.request
      .post('/api/player/reply')
      .set('x-access-token', key.secret)
      .send({ data: { toPlayerId: dbId, content: '<p>Seen again on our server tonight.</p>' }, SKIP_CAPTCHA: true });
    expectOk(reply, 'reply.success');
    const timeline = await app.request.get(`/api/player/timeline?dbId=${dbId}`);
    const entries = timeline.body.data.result as Array<{ type: string; byApp?: { id: number; name: string } }>;
    expect(entries.find((e) => e.type === 'reply')!.byApp).toEqual({ id: application.id, name: application.name });
    expect(entries.find((e) => e.type === 'report')!.byApp).toBeUndefined();
  });

  it('is marked as the application’s in the admin log (a staff bot with the judge scope)', async () => {
    const { application, key } = await approvedWithKey({ scopes: ['read', 'judge'] }, staff);
    const [appRow] = await app.services.db.select({ botUserId: users.id }).from(users).where(eq(users.username, (await mine(staff.token)).body.data.find((a: { id: number }) => a.id === application.id).botName));
    // Judging still needs a judging role, granted to the bot account like any account's.
    await app.services.db.update(users).set({ privileges: ['bot', 'admin'] }).where(eq(users.id, appRow!.botUserId));
    const accused = await app.factories.signedIn();
    const filed = await report(app, oldBot, accused.user.account!);
    const dbId = filed.body.data.dbId as number;
    await app.services.db.update(players).set({ status: 1 }).where(eq(players.id, dbId));
    expectOk(
      await app.request
        .post('/api/player/banAppeal')
        .set('x-access-token', accused.token)
        .send({ data: { toPlayerId: dbId, appealType: 'farm', content: '<p>I was farming camos that round, see my recording.</p>', extendedLinks: { videoLink: 'https://www.youtube.com/watch?v=pov' } } }),
      'banAppeal.success',
      201,
    );
    expectOk(await app.request.post('/api/admin/setAppeal').set('x-access-token', key.secret).send({ toPlayerId: dbId }), 'setAppeal.success');
    const log = await adminLog(`actorId=${appRow!.botUserId}`);
    expect(log.body.data).toHaveLength(1);
    expect(log.body.data[0]).toMatchObject({ action: 'setAppeal', targetCaseId: dbId, actorApp: { id: application.id, name: application.name } });
  });
});

describe('quotas', () => {
  it('answer RateLimit headers, and 429 with Retry-After past the requests of a minute', async () => {
    const { key } = await approvedWithKey();
    const first = await app.request.get('/api/user/me').set('x-access-token', key.secret);
    expect(first.headers['ratelimit-limit']).toBe(String(LIMITS.appKeyRequestsPerMinute));
    expect(first.headers['ratelimit-remaining']).toBe(String(LIMITS.appKeyRequestsPerMinute - 1));
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(Number(first.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
    // Public reads count too.
    const tools = await app.request.get('/api/tools').set('x-access-token', key.secret);
    expect(tools.headers['ratelimit-remaining']).toBe(String(LIMITS.appKeyRequestsPerMinute - 2));
    await app.services.rateLimiters.appKeyRequests.penalty(`key:${key.id}`, LIMITS.appKeyRequestsPerMinute - 2);
    const refused = await app.request.get('/api/user/me').set('x-access-token', key.secret);
    expectError(refused, 429, 'app.rateLimited');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('count writes per day by scope, and say so when one is spent', async () => {
    const { key } = await approvedWithKey();
    const { dbId } = await openCase(app, oldBot);
    const sightings = ['<p>Seen on Amiens at dawn.</p>', '<p>Our admin recorded a whole round of it.</p>', '<p>Third server this week, same name.</p>'];
    const replyOnce = () =>
      app.request.post('/api/player/reply').set('x-access-token', key.secret).send({ data: { toPlayerId: dbId, content: sightings.shift() }, SKIP_CAPTCHA: true });
    const first = await replyOnce();
    expectOk(first, 'reply.success');
    // The minute's allowance has fewer requests left: it is the one shown.
    expect(first.headers['ratelimit-limit']).toBe(String(LIMITS.appKeyRequestsPerMinute));
    await app.services.rateLimiters.appKeyReplyWrites.penalty(`key:${key.id}`, LIMITS.appKeyWritesPerDay.reply - 5);
    const nearEnd = await replyOnce();
    expectOk(nearEnd, 'reply.success');
    // Now the day's replies are nearer their end.
    expect([nearEnd.headers['ratelimit-limit'], nearEnd.headers['ratelimit-remaining']]).toEqual([String(LIMITS.appKeyWritesPerDay.reply), '3']);
    await app.services.rateLimiters.appKeyReplyWrites.penalty(`key:${key.id}`, 3);
    const refused = await replyOnce();
    expectError(refused, 429, 'app.writesSpent');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3600);
    // Reports have their own allowance.
    expectOk(await report(app, key.secret, app.directory.freshAccount()), 'report.success');
  });

  it('are kept per day and endpoint, shown to the owner and to staff', async () => {
    const { member, application, key } = await approvedWithKey();
    for (let i = 0; i < 3; i++) await app.request.get('/api/user/me').set('x-access-token', key.secret);
    expectOk(await report(app, key.secret, app.directory.freshAccount()), 'report.success');
    const today = new Date().toISOString().slice(0, 10);
    const usage = await app.request.get(`/api/developers/applications/usage?id=${application.id}`).set('x-access-token', member.token);
    expectOk(usage, 'application.ok');
    expect(usage.body.data).toEqual([
      { day: today, endpoint: 'GET /user/me', requests: 3, writes: 0 },
      { day: today, endpoint: 'POST /player/report', requests: 1, writes: 1 },
    ]);
    const staffView = await app.request.get(`/api/admin/applications/usage?id=${application.id}`).set('x-access-token', staff.token);
    expect(staffView.body.data).toEqual(usage.body.data);
    const other = await app.factories.signedIn();
    expectError(await app.request.get(`/api/developers/applications/usage?id=${application.id}`).set('x-access-token', other.token), 404, 'application.notFound');
  });
});

describe('on public routes', () => {
  it('a key acts as its bot account where no token is needed: metered, counted, answered privately, within its scopes', async () => {
    const { member, application, key } = await approvedWithKey();
    const visitor = await app.request.get('/api/feed/cases?limit=1');
    expectOk(visitor, 'feed.ok');
    expect(visitor.headers['cache-control']).toBe('public, max-age=1');
    expect(visitor.headers['ratelimit-limit']).toBeUndefined();
    const polled = await app.request.get('/api/feed/cases?limit=1').set('x-access-token', key.secret);
    expectOk(polled, 'feed.ok');
    expect(polled.headers['ratelimit-remaining']).toBe(String(LIMITS.appKeyRequestsPerMinute - 1));
    // The answer carries the key's quota: no shared cache may keep it, and the next poll must reach the site to count.
    expect(polled.headers['cache-control']).toBe('private, no-store');
    const stats = await app.request.post('/api/playerStatistics').set('Authorization', `Bearer ${key.secret}`).send({ data: [{ game: '*', status: -1 }] });
    expectOk(stats, 'playerStatistics.success');
    expect(stats.headers['ratelimit-remaining']).toBe(String(LIMITS.appKeyRequestsPerMinute - 2));
    // The original's bulk check answers a bot up to 10,000 ids, a visitor 80: the key gets the bot's.
    const ids = { dbIds: Array.from({ length: 81 }, (_, i) => i + 1) };
    expectError(await app.request.post('/api/player/batch').send(ids), 400, 'playerBatch.bad');
    expectOk(await app.request.post('/api/player/batch').set('x-access-token', key.secret).send(ids), 'playerBatch.ok');
    const usage = await app.request.get(`/api/developers/applications/usage?id=${application.id}`).set('x-access-token', member.token);
    expect(usage.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ endpoint: 'GET /feed/cases', requests: 1, writes: 0 }),
        expect.objectContaining({ endpoint: 'POST /playerStatistics', requests: 1, writes: 0 }),
        expect.objectContaining({ endpoint: 'POST /player/batch', requests: 1, writes: 0 }),
      ]),
    );
    // A file of the daily dump too: kept a day by anyone, but not an answer to a key.
    const dump = (await makeDailyDump(app.services, new Date(Date.UTC(2031, 0, 1))))!;
    const file = `/api/dumps/file?day=${dump.day}&kind=schema`;
    expect((await app.request.get(file)).headers['cache-control']).toBe('public, max-age=86400, immutable');
    const keyed = await app.request.get(file).set('x-access-token', key.secret);
    expect([keyed.status, keyed.headers['cache-control'], keyed.headers['ratelimit-limit']]).toEqual([200, 'private, no-store', String(LIMITS.appKeyRequestsPerMinute)]);
    // A key never signs in or signs up, and one without `read` reads nothing, public or not.
    expectError(await app.request.post('/api/user/signin').set('x-access-token', key.secret).send({ data: { username: 'someone', password: 'whatever-1' } }), 403, 'user.permissionDenined');
    const { key: reportOnly } = await approvedWithKey({ scopes: ['read', 'report'] }, undefined, ['report']);
    expectError(await app.request.get('/api/feed/cases').set('x-access-token', reportOnly.secret), 403, 'app.scopeMissing');
    expectError(await app.request.post('/api/player/batch').set('x-access-token', reportOnly.secret).send(ids), 403, 'app.scopeMissing');
  });

  it('a refused key is told 401 there too, never answered as a visitor', async () => {
    const { member, key } = await approvedWithKey();
    expectOk(await revoke(member.token, key.id), 'appKey.success');
    for (const req of [
      app.request.get('/api/feed/cases').set('x-access-token', key.secret),
      app.request.get('/api/feed/cases/export').set('Authorization', `Bearer ${key.secret}`),
      app.request.post('/api/playerStatistics').set('x-access-token', key.secret).send({ data: [{ game: '*', status: -1 }] }),
      app.request.post('/api/player/batch').set('x-access-token', 'tbk_not-a-key').send({ dbIds: [1] }),
    ]) {
      const res = await req;
      expectError(res, 401, 'app.keyRefused');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('the original’s bot accounts', () => {
  it('keep working unchanged: a bot token reports with SKIP_CAPTCHA, unmetered', async () => {
    const account = app.directory.freshAccount();
    const res = await report(app, oldBot, account);
    expectOk(res, 'report.success');
    expect(res.headers['ratelimit-limit']).toBeUndefined();
    const me = await app.request.get('/api/user/me').set('x-access-token', oldBot);
    expect(me.body.data.privilege).toEqual(['bot']);
  });
});
