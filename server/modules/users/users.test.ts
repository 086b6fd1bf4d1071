import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { insertCase } from '@server/test/search-fixtures';
import { expectError, expectInvalid, expectOk, expectTokenExpired, ISO_DATE } from '@server/test/expect';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const getMe = (token: string) => app.request.get('/api/user/me').set('x-access-token', token);
const postMe = (token: string | null, data: unknown) => {
  const req = app.request.post('/api/user/me');
  if (token) req.set('x-access-token', token);
  return req.send({ data });
};
const info = (id: number | string) => app.request.get(`/api/user/info?id=${id}`);
const info4admin = (token: string, id: number | string) => app.request.get(`/api/user/info4admin?id=${id}`).set('x-access-token', token);

/** Password hashes, in any field, of any response. */
const expectNoSecrets = (body: unknown) => {
  const json = JSON.stringify(body);
  expect(json).not.toMatch(/\$argon2/);
  expect(json).not.toMatch(/password/i);
};

describe('GET /api/user/me', () => {
  it('shows the account with its private settings, dates as ISO strings and platform ids as strings', async () => {
    const { user, token } = await app.factories.signedIn({ attr: { introduction: '<p>hi</p>' } });
    const res = await getMe(token);
    expectOk(res, 'userInfo.success');
    const d = res.body.data;
    expect(d).toMatchObject({
      id: user.id,
      username: user.username,
      privilege: ['normal'],
      userAvatar: expect.stringMatching(/^https:\/\//),
      subscribes: [],
      isBound: true,
      reportNum: 0,
      statusNum: { 0: 0, 1: 0, 4: 0 },
      origin: { originName: user.account!.name, originUserId: user.account!.userId, originPersonaId: user.account!.personaId, originEmail: user.email },
    });
    expect(d.attr).toMatchObject({ language: 'en-US', changeNameLeft: 3, allowDM: false, showOrigin: false, introduction: '<p>hi</p>' });
    expect(d.joinTime).toMatch(ISO_DATE);
    expect(d.lastOnlineTime).toMatch(ISO_DATE);
    expect(typeof d.origin.originUserId).toBe('string');
    expect(typeof d.origin.originPersonaId).toBe('string');
    expectNoSecrets(res.body);
  });

  it('keeps the sign-in address out of the owner view', async () => {
    const { token } = await app.factories.signedIn();
    const res = await getMe(token);
    expect(res.body.data.attr).not.toHaveProperty('lastSigninIP');
    expect(res.body.data.attr).not.toHaveProperty('registerIP');
  });

  it('shows an unbound account without origin', async () => {
    const { token } = await app.factories.signedIn({ bound: false });
    const res = await getMe(token);
    expect(res.body.data).toMatchObject({ origin: null, isBound: false });
  });

  it.each([['normal'], ['admin'], ['super'], ['root'], ['dev'], ['bot'], ['blacklisted'], ['freezed'], ['volunteer', 'normal']])('works for a %s account', async (...roles) => {
    const { token } = await app.factories.signedIn({ privileges: roles });
    const res = await getMe(token);
    expectOk(res, 'userInfo.success');
    expect(res.body.data.privilege).toEqual(roles);
  });

  it('401 user.tokenExpired for a visitor', async () => {
    expectTokenExpired(await app.request.get('/api/user/me'));
  });
});

describe('POST /api/user/me', () => {
  it('saves the settings a user may change and answers with them', async () => {
    const { user, token } = await app.factories.signedIn();
    const attr = { allowDM: true, showOrigin: true, showAchievement: false, showAD: false, language: 'de-DE', introduction: '<p>Medic <b>main</b></p>' };
    const res = await postMe(token, { attr });
    expectOk(res, 'me.success');
    expect(res.body.data.attr).toMatchObject(attr);
    expect((await getMe(token)).body.data.attr).toMatchObject(attr);
    expect((await app.factories.userRow(user.id)).attr).toMatchObject(attr);
  });

  it('changes only what is sent', async () => {
    const { user, token } = await app.factories.signedIn({ attr: { allowDM: true, introduction: 'kept' } });
    expectOk(await postMe(token, { attr: { showOrigin: true } }), 'me.success');
    expect((await app.factories.userRow(user.id)).attr).toMatchObject({ allowDM: true, introduction: 'kept', showOrigin: true });
  });

  it('sanitises the introduction: scripts and handlers are removed', async () => {
    const { user, token } = await app.factories.signedIn();
    const res = await postMe(token, { attr: { introduction: '<p onclick="steal()">Hello</p><script>alert(1)</script><img src="https://i.example/a.png" onerror="alert(2)">' } });
    expectOk(res, 'me.success');
    const stored = (await app.factories.userRow(user.id)).attr.introduction!;
    expect(stored).toBe('<p>Hello</p><img src="https://i.example/a.png" />');
    expect(res.body.data.attr.introduction).toBe(stored);
  });

  it('ignores attempts to unmute, grant privileges, or set staff-only attributes', async () => {
    const mute = '2099-01-01 00:00:00';
    const { user, token } = await app.factories.signedIn({ attr: { mute, changeNameLeft: 1 } });
    const res = await postMe(token, {
      attr: { mute: null, changeNameLeft: 99, achievements: { cheater: 1 }, registerIP: '6.6.6.6', freezeOfNoBinding: true, allowDM: true },
      privilege: ['root'],
      privileges: ['root'],
      username: 'renamed-by-me',
      subscribes: [1, 2, 3],
    });
    expectOk(res, 'me.success');
    const row = await app.factories.userRow(user.id);
    expect(row.privileges).toEqual(['normal']);
    expect(row.username).toBe(user.username);
    expect(row.attr).toMatchObject({ mute, changeNameLeft: 1, allowDM: true });
    expect(row.attr).not.toHaveProperty('achievements');
    expect(row.attr).not.toHaveProperty('registerIP');
    expect(row.attr).not.toHaveProperty('freezeOfNoBinding');
  });

  it('400 me.bad for badly typed settings; nothing is saved', async () => {
    const { user, token } = await app.factories.signedIn();
    expectInvalid(await postMe(token, { attr: { allowDM: 'yes' } }), 'me.bad', 'data.attr.allowDM');
    expectInvalid(await postMe(token, { attr: { language: 'xx-XX' } }), 'me.bad', 'data.attr.language');
    expectInvalid(await postMe(token, { attr: { introduction: 'x'.repeat(2001) } }), 'me.bad', 'data.attr.introduction');
    expectInvalid(await app.request.post('/api/user/me').set('x-access-token', token).send({ attr: { allowDM: true } }), 'me.bad', 'data');
    expect((await app.factories.userRow(user.id)).attr.allowDM).toBe(false);
  });

  it('replaces the followed cases with `subscribes`, leaving out cases gone or hidden; not for a frozen account', async () => {
    const { token } = await app.factories.signedIn();
    const [a, b, c, hidden] = await Promise.all([insertCase(app), insertCase(app), insertCase(app), insertCase(app, { valid: false })]);
    const followed = async () => ((await getMe(token)).body.data.subscribes as number[]).sort((x, y) => x - y);
    expectOk(await app.request.post('/api/user/subscribes/add').set('x-access-token', token).send({ playerIds: [a!.id] }), 'subscribes.success');
    const res = await postMe(token, { subscribes: [b!.id, String(c!.id), hidden!.id, 2_000_000_000] });
    expectOk(res, 'me.success');
    // The cases were made side by side: their ids come in any order.
    const kept = [b!.id, c!.id].sort((x, y) => x - y);
    expect(res.body.data.subscribes.sort((x: number, y: number) => x - y)).toEqual(kept);
    expect(await followed()).toEqual(kept);
    // Settings alone leave the list as it is; an empty list empties it.
    expectOk(await postMe(token, { attr: { allowDM: true } }), 'me.success');
    expect(await followed()).toEqual(kept);
    expectOk(await postMe(token, { subscribes: [] }), 'me.success');
    expect(await followed()).toEqual([]);
    expectInvalid(await postMe(token, { subscribes: Array.from({ length: 101 }, (_, i) => i + 1) }), 'me.bad', 'data.subscribes');
    const frozen = await app.factories.signedIn({ privileges: ['freezed'], bound: false });
    expectError(await postMe(frozen.token, { subscribes: [a!.id] }), 403, 'user.permissionDenined');
  });

  it.each([['normal'], ['admin'], ['super'], ['root'], ['dev'], ['freezed']])('lets a %s account change its settings', async (role) => {
    const { token } = await app.factories.signedIn({ privileges: [role], bound: role !== 'freezed' });
    expectOk(await postMe(token, { attr: { allowDM: true } }), 'me.success');
  });

  it('403 user.permissionDenined for a blacklisted account', async () => {
    const { user, token } = await app.factories.signedIn({ privileges: ['blacklisted'], bound: false });
    expectError(await postMe(token, { attr: { introduction: 'let me back' } }), 403, 'user.permissionDenined');
    expect((await app.factories.userRow(user.id)).attr.introduction).toBeUndefined();
  });

  it('403 user.permissionDenined for bot and third-party tokens', async () => {
    const bot = await app.factories.createUser({ privileges: ['bot'] });
    expectError(await postMe(await app.factories.signIn(bot, { visitType: 'bot', skipCaptcha: true }), { attr: { allowDM: true } }), 403, 'user.permissionDenined');
    const user = await app.factories.createUser();
    expectError(await postMe(await app.factories.signIn(user, { visitType: 'external-auth' }), { attr: { allowDM: true } }), 403, 'user.permissionDenined');
  });

  it('401 user.tokenExpired for a visitor', async () => {
    expectTokenExpired(await postMe(null, { attr: { allowDM: true } }));
  });
});

describe('GET /api/user/info', () => {
  it('shows the public profile to anyone, without private settings or addresses', async () => {
    const { user } = await app.factories.signedIn({ attr: { introduction: '<p>about me</p>', allowDM: true, mute: '2099-01-01 00:00:00' } });
    const res = await info(user.id);
    expectOk(res, 'userInfo.success');
    const d = res.body.data;
    expect(d).toMatchObject({ id: user.id, username: user.username, privilege: ['normal'], subscribes: null, origin: null, reportNum: 0 });
    expect(d.attr).toEqual({ introduction: '<p>about me</p>', allowDM: true, mute: '2099-01-01 00:00:00', showOrigin: false, showAchievement: true, achievements: {} });
    expect(d.joinTime).toMatch(ISO_DATE);
    expectNoSecrets(res.body);
  });

  it('shows the platform account only when its owner made it public, and never the e-mail', async () => {
    const user = await app.factories.createUser({ attr: { showOrigin: true } });
    const res = await info(user.id);
    expect(res.body.data.origin).toEqual({ originName: user.account!.name, originUserId: user.account!.userId, originPersonaId: user.account!.personaId });
  });

  it('gives the same public view to a signed-in visitor', async () => {
    const { token } = await app.factories.signedIn();
    const user = await app.factories.createUser();
    const res = await app.request.get(`/api/user/info?id=${user.id}`).set('x-access-token', token);
    expect(res.body.data.subscribes).toBeNull();
    expect(res.body.data.attr).not.toHaveProperty('language');
    expect(res.body.data.origin).toBeNull();
  });

  describe('the bound game account, by viewer and showOrigin', () => {
    // Who looks: null = no token. `sees` = whether the account shows while showOrigin is off.
    const viewers: Array<[string, string[] | 'self' | null, boolean]> = [
      ['a visitor', null, false],
      ['a normal user', ['normal'], false],
      ['a volunteer', ['volunteer', 'normal'], false],
      ['a bot', ['bot'], false],
      ['an admin', ['admin'], true],
      ['a super', ['super'], true],
      ['a root', ['root'], true],
      ['a dev', ['dev'], true],
      ['the user themself', 'self', true],
    ];
    const cases = viewers.flatMap(([who, roles, sees]) => [
      [who, roles, false, sees] as const,
      [who, roles, true, true] as const,
    ]);

    it.each(cases)('%s, showOrigin %s', async (_who, roles, showOrigin, sees) => {
      const target = await app.factories.signedIn({ attr: { showOrigin, registerIP: '192.0.2.7', language: 'de-DE', changeNameLeft: 1 } });
      const token = roles === 'self' ? target.token : roles ? (await app.factories.signedIn({ privileges: roles })).token : null;
      const req = app.request.get(`/api/user/info?id=${target.user.id}`);
      if (token) req.set('x-access-token', token);
      const res = await req;
      expectOk(res, 'userInfo.success');
      const account = target.user.account!;
      expect(res.body.data.origin).toEqual(sees ? { originName: account.name, originUserId: account.userId, originPersonaId: account.personaId } : null);
      // Whoever looks, this route never shows the e-mail, addresses, private settings or account state.
      expect(JSON.stringify(res.body)).not.toContain(target.user.email);
      expect(Object.keys(res.body.data.attr).sort()).toEqual(['achievements', 'allowDM', 'showAchievement', 'showOrigin']);
      expect(res.body.data).toMatchObject({ subscribes: null });
      expect(res.body.data).not.toHaveProperty('valid');
      expect(res.body.data).not.toHaveProperty('signoutTime');
      expectNoSecrets(res.body);
    });

    it('an expired or forged token gets the public view, not an error', async () => {
      const target = await app.factories.createUser();
      const res = await app.request.get(`/api/user/info?id=${target.id}`).set('x-access-token', 'not-a-token');
      expectOk(res, 'userInfo.success');
      expect(res.body.data.origin).toBeNull();
    });

    it('follows privilege changes made in the database at once', async () => {
      const { user, token } = await app.factories.signedIn({ privileges: ['admin'] });
      const target = await app.factories.createUser();
      const get = () => app.request.get(`/api/user/info?id=${target.id}`).set('x-access-token', token);
      expect((await get()).body.data.origin).toMatchObject({ originPersonaId: target.account!.personaId });
      await app.services.db.update(users).set({ privileges: ['normal'] }).where(eq(users.id, user.id));
      expect((await get()).body.data.origin).toBeNull();
    });
  });

  it('404 userInfo.notFound for an unknown or deleted account', async () => {
    const deleted = await app.factories.createUser({ valid: false });
    expectError(await info(2_000_000_000), 404, 'userInfo.notFound');
    expectError(await info(deleted.id), 404, 'userInfo.notFound');
  });

  it('400 userInfo.bad for a malformed id', async () => {
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) expectInvalid(await info(id), 'userInfo.bad', 'id');
  });
});

describe('GET /api/user/info4admin', () => {
  it.each([
    ['admin', { email: false, addresses: false }],
    ['super', { email: true, addresses: false }],
    ['root', { email: true, addresses: true }],
    ['dev', { email: true, addresses: true }],
  ] as const)('shows a%s every attribute, the platform account and the state of the account, the e-mail and addresses by level, never a password hash', async (role, sees) => {
    const { token } = await app.factories.signedIn({ privileges: [role] });
    const target = await app.factories.createUser({ attr: { registerIP: '192.0.2.1', mute: '2099-01-01 00:00:00' } });
    await app.factories.signIn(target);
    const res = await info4admin(token, target.id);
    expectOk(res, 'userInfo.success');
    expect(res.body.data).toMatchObject({ id: target.id, username: target.username, valid: true, signoutTime: null });
    expect(res.body.data.attr).toMatchObject({ mute: '2099-01-01 00:00:00', language: 'en-US' });
    expect(res.body.data.origin).toMatchObject({ originName: target.account!.name, originUserId: target.account!.userId, originEmail: sees.email ? target.email : null });
    const addresses = { registerIP: res.body.data.attr.registerIP, lastSigninIP: res.body.data.attr.lastSigninIP };
    expect(addresses).toEqual(sees.addresses ? { registerIP: '192.0.2.1', lastSigninIP: expect.stringMatching(/^10\./) } : { registerIP: undefined, lastSigninIP: undefined });
    expectNoSecrets(res.body);
  });

  it('shows a deleted account to staff', async () => {
    const { token } = await app.factories.signedIn({ privileges: ['root'] });
    const deleted = await app.factories.createUser({ valid: false });
    const res = await info4admin(token, deleted.id);
    expectOk(res, 'userInfo.success');
    expect(res.body.data.valid).toBe(false);
  });

  it.each([['normal'], ['bot'], ['volunteer', 'normal'], ['blacklisted'], ['freezed']])('403 user.permissionDenined for a %s account', async (...roles) => {
    const { token } = await app.factories.signedIn({ privileges: roles });
    const target = await app.factories.createUser();
    expectError(await info4admin(token, target.id), 403, 'user.permissionDenined');
  });

  it('401 user.tokenExpired for a visitor', async () => {
    const target = await app.factories.createUser();
    expectTokenExpired(await app.request.get(`/api/user/info4admin?id=${target.id}`));
  });

  it('404 userInfo.notFound and 400 userInfo.bad', async () => {
    const { token } = await app.factories.signedIn({ privileges: ['super'] });
    expectError(await info4admin(token, 2_000_000_000), 404, 'userInfo.notFound');
    expectInvalid(await info4admin(token, 'x'), 'userInfo.bad', 'id');
  });

  it('follows privilege changes made in the database at once', async () => {
    const { user, token } = await app.factories.signedIn({ privileges: ['super'] });
    const target = await app.factories.createUser();
    expectOk(await info4admin(token, target.id), 'userInfo.success');
    await app.services.db.update(users).set({ privileges: ['volunteer', 'normal'] }).where(eq(users.id, user.id));
    expectError(await info4admin(token, target.id), 403, 'user.permissionDenined');
  });
});
