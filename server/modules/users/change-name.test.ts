import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, unique, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid, expectOk, expectTokenExpired } from '@server/test/expect';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

async function changeName(token: string | null, newname: string, captchaFields: object | 'solve' = 'solve') {
  const req = app.request.post('/api/user/changeName');
  if (token) req.set('x-access-token', token);
  const fields = captchaFields === 'solve' ? { captcha: await app.solveCaptcha() } : captchaFields;
  return req.send({ data: { newname }, ...fields });
}
async function canSignIn(username: string) {
  const res = await app.request.post('/api/user/signin').send({ data: { username, password: TEST_PASSWORD }, captcha: await app.solveCaptcha() });
  return res.status === 200;
}

describe('POST /api/user/changeName', () => {
  it('renames the account, spends a chance, and the new name signs in', async () => {
    const { user, token } = await app.factories.signedIn();
    const newname = unique('renamed');
    const res = await changeName(token, newname);
    expectOk(res, 'changeName.success');
    expect(res.body.data).toEqual({ chancesLeft: 2 });
    expect((await app.request.get('/api/user/me').set('x-access-token', token)).body.data.username).toBe(newname);
    expect(await canSignIn(newname)).toBe(true);
    expect(await canSignIn(user.username)).toBe(false);
  });

  it('counts the chances down to 403 changeName.noChance', async () => {
    const { user, token } = await app.factories.signedIn({ attr: { changeNameLeft: 1 } });
    expectOk(await changeName(token, unique('last')), 'changeName.success');
    const name = (await app.factories.userRow(user.id)).username;
    expectError(await changeName(token, unique('one-more')), 403, 'changeName.noChance');
    expect((await app.factories.userRow(user.id))).toMatchObject({ username: name, attr: expect.objectContaining({ changeNameLeft: 0 }) });
  });

  it('gives three chances to an account that never renamed', async () => {
    const { user, token } = await app.factories.signedIn({ attr: { changeNameLeft: undefined } });
    const res = await changeName(token, unique('first'));
    expect(res.body.data).toEqual({ chancesLeft: 2 });
    expect((await app.factories.userRow(user.id)).attr.changeNameLeft).toBe(2);
  });

  it('accepts the legacy captcha shape', async () => {
    const { token } = await app.factories.signedIn();
    const c = await app.solveCaptcha();
    expectOk(await changeName(token, unique('legacy'), { captcha: c.response, encryptCaptcha: c.encryptCaptcha }), 'changeName.success');
  });

  it('lets the owner change the case of its own name', async () => {
    const { user, token } = await app.factories.signedIn();
    expectOk(await changeName(token, user.username.toUpperCase()), 'changeName.success');
  });

  it('409 changeName.occupied for the account\'s own name unchanged; no chance is spent', async () => {
    const { user, token } = await app.factories.signedIn();
    expectError(await changeName(token, user.username), 409, 'changeName.occupied');
    expect(await app.factories.userRow(user.id)).toMatchObject({ username: user.username, attr: expect.objectContaining({ changeNameLeft: 3 }) });
  });

  it('409 changeName.occupied: another account has the name (any case), or a pending sign-up holds it', async () => {
    const { user, token } = await app.factories.signedIn();
    const other = await app.factories.createUser();
    expectError(await changeName(token, other.username.toUpperCase()), 409, 'changeName.occupied');

    const account = app.factories.freshAccount();
    const pending = unique('pending');
    const signup = await app.request
      .post('/api/user/signup')
      .send({ data: { username: pending, password: 'whatever-1', originEmail: account.email, originName: account.name }, captcha: await app.solveCaptcha() });
    expect(signup.status).toBe(201);
    expectError(await changeName(token, pending), 409, 'changeName.occupied');
    expect((await app.factories.userRow(user.id)).attr.changeNameLeft).toBe(3);
  });

  it('400 changeName.bad for a malformed name', async () => {
    const { token } = await app.factories.signedIn();
    expectInvalid(await changeName(token, 'abc'), 'changeName.bad', 'data.newname');
    expectInvalid(await changeName(token, 'white space'), 'changeName.bad', 'data.newname');
    expectInvalid(await changeName(token, 'x'.repeat(41)), 'changeName.bad', 'data.newname');
  });

  describe('captcha', () => {
    it('is required from a normal account, SKIP_CAPTCHA or not', async () => {
      const { token } = await app.factories.signedIn();
      expectError(await changeName(token, unique('nocaptcha'), {}), 400, 'captcha.bad');
      expectError(await changeName(token, unique('skip'), { SKIP_CAPTCHA: true }), 400, 'captcha.bad');
    });

    it('may be skipped by a dev', async () => {
      const { token } = await app.factories.signedIn({ privileges: ['dev'] });
      expectOk(await changeName(token, unique('dev'), { SKIP_CAPTCHA: true }), 'changeName.success');
    });
  });

  describe('privileges', () => {
    it('401 user.tokenExpired for a visitor', async () => {
      expectTokenExpired(await changeName(null, unique('visitor')));
    });

    it.each(['blacklisted', 'freezed'])('403 user.permissionDenined for a %s account', async (role) => {
      const { user, token } = await app.factories.signedIn({ privileges: [role], bound: false });
      expectError(await changeName(token, unique('locked')), 403, 'user.permissionDenined');
      expect((await app.factories.userRow(user.id)).username).toBe(user.username);
    });

    it('403 user.permissionDenined for a bot token', async () => {
      const bot = await app.factories.createUser({ privileges: ['bot'] });
      const token = await app.factories.signIn(bot, { visitType: 'bot', skipCaptcha: true });
      expectError(await changeName(token, unique('bot'), { SKIP_CAPTCHA: true }), 403, 'user.permissionDenined');
    });

    it.each([['admin'], ['super'], ['root'], ['volunteer', 'normal']])('lets a %s rename itself', async (...roles) => {
      const { token } = await app.factories.signedIn({ privileges: roles });
      expectOk(await changeName(token, unique('staff')), 'changeName.success');
    });

    it('lets an unbound account rename itself', async () => {
      const { token } = await app.factories.signedIn({ bound: false });
      expectOk(await changeName(token, unique('unbound')), 'changeName.success');
    });
  });

  it('gives a name to one of two accounts asking for it at once; the other gets 409, never a 500', async () => {
    for (let round = 0; round < 4; round++) {
      const [a, b] = await Promise.all([app.factories.signedIn(), app.factories.signedIn()]);
      const name = unique('wanted');
      const [ca, cb] = await Promise.all([app.solveCaptcha(), app.solveCaptcha()]);
      const [ra, rb] = await Promise.all([
        changeName(a.token, name, { captcha: ca }),
        changeName(b.token, name, { captcha: cb }),
      ]);
      expect([ra.status, rb.status].sort()).toEqual([200, 409]);
      expectError(ra.status === 409 ? ra : rb, 409, 'changeName.occupied');
    }
  });

  it('spends one chance per rename even when two arrive at once', async () => {
    const { user, token } = await app.factories.signedIn({ attr: { changeNameLeft: 1 } });
    const [a, b] = await Promise.all([changeName(token, unique('race-a')), changeName(token, unique('race-b'))]);
    expect([a.status, b.status].sort()).toEqual([200, 403]);
    expect((await app.factories.userRow(user.id)).attr.changeNameLeft).toBe(0);
  });
});
