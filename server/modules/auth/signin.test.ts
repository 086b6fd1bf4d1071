import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp, type TestUser } from '@server/test/harness';
import { expectError, expectInvalid, expectOk, expectTokenExpired } from '@server/test/expect';
import { LIMITS } from '@shared/limits';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

async function signin(data: Record<string, unknown>, extra: Record<string, unknown> = {}, ip?: string) {
  const fields = 'SKIP_CAPTCHA' in extra ? extra : { captcha: await app.solveCaptcha(), ...extra };
  const req = app.request.post('/api/user/signin');
  if (ip) req.set('X-Forwarded-For', ip);
  return req.send({ data, ...fields });
}
const me = (token: string) => app.request.get('/api/user/me').set('x-access-token', token);

describe('POST /api/user/signin', () => {
  it('signs in by username and returns a working token with the user info', async () => {
    const user = await app.factories.createUser();
    const before = Date.now();
    const res = await signin({ username: user.username, password: TEST_PASSWORD });
    expectOk(res, 'signin.success');
    // The web and desktop clients show the answer's message.
    expect(res.body.message).toEqual(expect.any(String));
    const { token, userinfo } = res.body.data;
    expect(token).toEqual(expect.any(String));
    expect(userinfo).toEqual({
      userId: user.id,
      username: user.username,
      userAvatar: expect.stringMatching(/^https:\/\//),
      privilege: ['normal'],
      signWhen: expect.any(Number),
      visitType: 'websites',
      expiresIn: LIMITS.tokenTtlMs,
    });
    expect(userinfo.signWhen).toBeGreaterThanOrEqual(before);
    const who = await me(token);
    expectOk(who, 'userInfo.success');
    expect(who.body.data.id).toBe(user.id);
  });

  it('accepts the username in any case, and the bound platform e-mail', async () => {
    const user = await app.factories.createUser();
    expectOk(await signin({ username: user.username.toUpperCase(), password: TEST_PASSWORD }), 'signin.success');
    const byMail = await signin({ username: user.email!.toUpperCase(), password: TEST_PASSWORD });
    expectOk(byMail, 'signin.success');
    expect(byMail.body.data.userinfo.userId).toBe(user.id);
  });

  it('records the sign-in address and time', async () => {
    const user = await app.factories.createUser();
    const before = (await app.factories.userRow(user.id)).updateTime.getTime();
    await new Promise((r) => setTimeout(r, 5));
    expectOk(await signin({ username: user.username, password: TEST_PASSWORD }, {}, '203.0.113.77'), 'signin.success');
    const row = await app.factories.userRow(user.id);
    expect(row.attr.lastSigninIP).toBe('203.0.113.77');
    expect(row.updateTime.getTime()).toBeGreaterThan(before);
  });

  it.each([
    ['a wrong password', (u: TestUser) => ({ username: u.username, password: 'wrong-password' })],
    ['an unknown username', () => ({ username: 'nobody-by-that-name', password: TEST_PASSWORD })],
    ['an unknown e-mail', () => ({ username: 'nobody@players.example', password: TEST_PASSWORD })],
  ])('refuses %s with 401 signin.noSuchUser', async (_what, data) => {
    const user = await app.factories.createUser();
    expectError(await signin(data(user)), 401, 'signin.noSuchUser');
  });

  it('refuses a deleted account with 401 signin.noSuchUser', async () => {
    const user = await app.factories.createUser({ valid: false });
    expectError(await signin({ username: user.username, password: TEST_PASSWORD }), 401, 'signin.noSuchUser');
  });

  it.each([['blacklisted'], ['freezed']])('lets a %s account sign in (it may still read and change its password)', async (role) => {
    const user = await app.factories.createUser({ privileges: [role], bound: false });
    const res = await signin({ username: user.username, password: TEST_PASSWORD });
    expectOk(res, 'signin.success');
    expect(res.body.data.userinfo.privilege).toEqual([role]);
  });

  it.each(['admin', 'super', 'root', 'dev', 'bot'])('signs in a %s account with its privileges', async (role) => {
    const user = await app.factories.createUser({ privileges: [role] });
    const res = await signin({ username: user.username, password: TEST_PASSWORD });
    expectOk(res, 'signin.success');
    expect(res.body.data.userinfo.privilege).toEqual([role]);
  });

  it('refuses malformed bodies with 400 signin.bad', async () => {
    expectInvalid(await signin({ username: 'someone' }), 'signin.bad', 'data.password');
    expectInvalid(await signin({ username: 'someone', password: 'x', visitType: 'spaceship' }), 'signin.bad', 'data.visitType');
    expectInvalid(await app.request.post('/api/user/signin').send({ username: 'top-level', password: 'x' }), 'signin.bad', 'data');
  });

  describe('visit types and token lifetimes', () => {
    it('keeps the client visit type', async () => {
      const user = await app.factories.createUser();
      const res = await signin({ username: user.username, password: TEST_PASSWORD, visitType: 'client-phone' });
      expect(res.body.data.userinfo.visitType).toBe('client-phone');
    });

    it('gives a normal account asking for a bot token a website token', async () => {
      const user = await app.factories.createUser();
      const res = await signin({ username: user.username, password: TEST_PASSWORD, visitType: 'bot' });
      expect(res.body.data.userinfo.visitType).toBe('websites');
    });

    it.each(['bot', 'dev'])('honours EXPIRES_IN for a %s account', async (role) => {
      const user = await app.factories.createUser({ privileges: [role] });
      const res = await signin({ username: user.username, password: TEST_PASSWORD, visitType: 'bot', EXPIRES_IN: 30 * 24 * 3600 * 1000 });
      expectOk(res, 'signin.success');
      expect(res.body.data.userinfo).toMatchObject({ expiresIn: 30 * 24 * 3600 * 1000, visitType: 'bot' });
    });

    it.each(['normal', 'admin', 'root'])('ignores EXPIRES_IN for a %s account (7 days)', async (role) => {
      const user = await app.factories.createUser({ privileges: [role] });
      const res = await signin({ username: user.username, password: TEST_PASSWORD, EXPIRES_IN: 30 * 24 * 3600 * 1000 });
      expect(res.body.data.userinfo.expiresIn).toBe(LIMITS.tokenTtlMs);
    });

    it('stops accepting a token once its lifetime is over', async () => {
      const bot = await app.factories.createUser({ privileges: ['bot'] });
      // The expiry is stored in whole seconds: a 2 s lifetime leaves the token valid for at least 1 s.
      const res = await signin({ username: bot.username, password: TEST_PASSWORD, EXPIRES_IN: 2000 }, { SKIP_CAPTCHA: true });
      const { token, userinfo } = res.body.data;
      expectOk(await me(token), 'userInfo.success');
      await new Promise((r) => setTimeout(r, Math.max(0, userinfo.signWhen + 2100 - Date.now())));
      expectTokenExpired(await me(token));
    });
  });

  describe('SKIP_CAPTCHA', () => {
    it.each(['bot', 'dev'])('lets a %s account sign in without a captcha', async (role) => {
      const user = await app.factories.createUser({ privileges: [role] });
      expectOk(await signin({ username: user.username, password: TEST_PASSWORD }, { SKIP_CAPTCHA: true }), 'signin.success');
      expectOk(await signin({ username: user.username, password: TEST_PASSWORD }, { SKIP_CAPTCHA: 'true' }), 'signin.success');
    });

    it.each([['normal'], ['admin'], ['super'], ['root'], ['volunteer', 'normal']])('refuses it for a %s account with 401 signin.invalidIdentity', async (...roles) => {
      const user = await app.factories.createUser({ privileges: roles });
      expectError(await signin({ username: user.username, password: TEST_PASSWORD }, { SKIP_CAPTCHA: true }), 401, 'signin.invalidIdentity');
    });

    it('is no password oracle: an account that may not skip gets the same answer for a right and a wrong password', async () => {
      const normal = await app.factories.createUser();
      const right = await signin({ username: normal.username, password: TEST_PASSWORD }, { SKIP_CAPTCHA: true });
      const wrong = await signin({ username: normal.username, password: 'wrong-password' }, { SKIP_CAPTCHA: true });
      const unknown = await signin({ username: 'nobody-by-this-name', password: 'wrong-password' }, { SKIP_CAPTCHA: true });
      for (const res of [right, wrong, unknown]) expectError(res, 401, 'signin.invalidIdentity');
      expect(right.body).toEqual(wrong.body);
      expect(wrong.body).toEqual(unknown.body);
    });

    it('tells a bot its wrong password (it may skip the captcha, so the answer costs nothing new)', async () => {
      const bot = await app.factories.createUser({ privileges: ['bot'] });
      expectError(await signin({ username: bot.username, password: 'wrong-password' }, { SKIP_CAPTCHA: true }), 401, 'signin.noSuchUser');
    });

    it('needs the captcha when SKIP_CAPTCHA is false', async () => {
      const bot = await app.factories.createUser({ privileges: ['bot'] });
      expectError(await signin({ username: bot.username, password: TEST_PASSWORD }, { SKIP_CAPTCHA: false }), 400, 'captcha.bad');
    });
  });
});

describe('failed sign-ins per account', () => {
  it('locks the account for every address after 10 failures, by name or e-mail alike; the right password waits too', async () => {
    const user = await app.factories.createUser();
    for (let i = 0; i < 10; i++) {
      const login = i % 2 ? user.email! : user.username;
      expectError(await signin({ username: login, password: `wrong-${i}` }), 401, 'signin.noSuchUser');
    }
    expectError(await signin({ username: user.username, password: TEST_PASSWORD }), 429, 'request.rateLimited');
    expectError(await signin({ username: user.email!, password: TEST_PASSWORD }), 429, 'request.rateLimited');
    const other = await app.factories.createUser();
    expectOk(await signin({ username: other.username, password: TEST_PASSWORD }), 'signin.success');
  });

  it('forgets the failures after a success', async () => {
    const user = await app.factories.createUser();
    for (let i = 0; i < 9; i++) await signin({ username: user.username, password: 'wrong' });
    expectOk(await signin({ username: user.username, password: TEST_PASSWORD }), 'signin.success');
    for (let i = 0; i < 9; i++) expectError(await signin({ username: user.username, password: 'wrong' }), 401, 'signin.noSuchUser');
    expectOk(await signin({ username: user.username, password: TEST_PASSWORD }), 'signin.success');
  });
});

describe('POST /api/user/signout', () => {
  it('revokes every token of the account issued until now', async () => {
    const user = await app.factories.createUser();
    const first = await app.factories.signIn(user);
    const second = await app.factories.signIn(user);
    const res = await app.request.post('/api/user/signout').set('x-access-token', first);
    expectOk(res, 'logout.success');
    expect(res.body.message).toEqual(expect.any(String));
    expectTokenExpired(await me(first));
    expectTokenExpired(await me(second));
    expectTokenExpired(await app.request.post('/api/user/signout').set('x-access-token', first));
  });

  it('leaves other accounts signed in, and a new sign-in works', async () => {
    const { user, token } = await app.factories.signedIn();
    const other = await app.factories.signedIn();
    expectOk(await app.request.post('/api/user/signout').set('x-access-token', token), 'logout.success');
    expectOk(await me(other.token), 'userInfo.success');
    const fresh = await app.factories.signIn(user);
    expectOk(await me(fresh), 'userInfo.success');
  });

  it('records the sign-out time', async () => {
    const { user, token } = await app.factories.signedIn();
    const before = Date.now();
    await app.request.post('/api/user/signout').set('x-access-token', token);
    expect((await app.factories.userRow(user.id)).signoutTime!.getTime()).toBeGreaterThanOrEqual(before - 5);
  });

  it.each([['blacklisted'], ['freezed'], ['bot']])('works for a %s account', async (role) => {
    const { token } = await app.factories.signedIn({ privileges: [role], bound: role === 'bot' });
    expectOk(await app.request.post('/api/user/signout').set('x-access-token', token), 'logout.success');
    expectTokenExpired(await me(token));
  });

  it('needs a token: 401 user.tokenExpired for a visitor', async () => {
    expectTokenExpired(await app.request.post('/api/user/signout'));
  });
});
