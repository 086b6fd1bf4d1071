import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { verifications } from '@server/db/schema';
import { codeDigest } from '../users/verifications';
import { createTestApp, PUBLIC_URL, TEST_PASSWORD, type TestApp, type TestUser } from '@server/test/harness';
import { expectError, expectInvalid, expectOk, expectTokenExpired } from '@server/test/expect';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const NEW_PASSWORD = 'brand-new-pass-9';

async function forget(data: Record<string, unknown>, captcha: object | null = null) {
  return app.request.post('/api/user/forgetPassword').send({ data, captcha: captcha ?? (await app.solveCaptcha()) });
}
const resetWith = (code: string, newpassword = NEW_PASSWORD) => app.request.post('/api/user/forgetPasswordVerify').send({ data: { code, newpassword } });
const me = (token: string) => app.request.get('/api/user/me').set('x-access-token', token);
async function canSignIn(username: string, password: string) {
  const res = await app.request.post('/api/user/signin').send({ data: { username, password }, captcha: await app.solveCaptcha() });
  return res.status === 200;
}
/** A reset requested for `user`; returns the code from the mail's link. */
async function resetCode(user: TestUser) {
  expectOk(await forget({ username: user.username, originEmail: user.email }), 'forgetPassword.needVerify');
  const mail = await app.mail.waitFor(user.email!);
  const link = new URL(app.mail.linkIn(mail));
  expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/forgetPasswordVerify`);
  return link.searchParams.get('code')!;
}

/** Waits until no job is waiting or running (scheduled ones aside). */
async function jobsIdle() {
  for (;;) {
    const s = await app.services.jobs.status();
    if (!s.waiting && !s.active) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('password reset by mail', () => {
  it('mails a code to the bound e-mail; the new password works, the old one and every session stop', async () => {
    const { user, token } = await app.factories.signedIn();
    const code = await resetCode(user);
    expect(app.mail.to(user.email!).at(-1)!.subject).toBe('Reset your Tribunal password');

    expectOk(await resetWith(code), 'forgetPassword.success');

    expectTokenExpired(await me(token));
    expect(await canSignIn(user.username, TEST_PASSWORD)).toBe(false);
    expect(await canSignIn(user.username, NEW_PASSWORD)).toBe(true);
  });

  it('finds the account by its platform name too, and writes in the language asked for', async () => {
    const user = await app.factories.createUser();
    expectOk(await forget({ username: user.account!.name, originEmail: user.email, language: 'zh-CN' }), 'forgetPassword.needVerify');
    expect((await app.mail.waitFor(user.email!)).subject).toBe('重置你的 Tribunal 密码');
  });

  it('accepts the e-mail in any case', async () => {
    const user = await app.factories.createUser();
    expectOk(await forget({ username: user.username.toUpperCase(), originEmail: user.email!.toUpperCase() }), 'forgetPassword.needVerify');
  });

  it('tells nobody whether the name and e-mail match: unknown user, wrong e-mail, unbound, deleted or banned account get the same answer, and no mail', async () => {
    const user = await app.factories.createUser();
    const unbound = await app.factories.createUser({ bound: false });
    const deleted = await app.factories.createUser({ valid: false });
    const banned = await app.factories.createUser({ privileges: ['blacklisted'] });
    for (const data of [
      { username: 'no-such-user-here', originEmail: user.email },
      { username: user.username, originEmail: 'someone-else@players.example' },
      { username: unbound.username, originEmail: 'whatever@players.example' },
      { username: deleted.username, originEmail: deleted.email },
      { username: banned.username, originEmail: banned.email },
    ]) {
      const res = await forget(data);
      expectOk(res, 'forgetPassword.needVerify');
      expect(res.body.data).toBeUndefined();
    }
    // The checks run in jobs after the answers: once a later matching request's mail is in and no job runs, they are done.
    const control = await app.factories.createUser();
    await resetCode(control);
    await jobsIdle();
    for (const u of [user, deleted, banned]) expect(app.mail.to(u.email!)).toHaveLength(0);
  });

  it('answers a match before the mail server has taken its mail, with the same status and body as a mismatch', async () => {
    const user = await app.factories.createUser();
    app.mail.answerAfter(2_000);
    try {
      const matched = await forget({ username: user.username, originEmail: user.email });
      const answeredAt = Date.now();
      const mismatched = await forget({ username: user.username, originEmail: 'someone-else@players.example' });
      expect({ status: matched.status, body: matched.body }).toEqual({ status: mismatched.status, body: mismatched.body });
      expectOk(matched, 'forgetPassword.needVerify');
      // The mail still arrives, and the server took it (answered its data) only after the answer was given.
      const mail = await app.mail.waitFor(user.email!);
      expect(mail.receivedAt).toBeGreaterThan(answeredAt);
      expect(new URL(app.mail.linkIn(mail)).searchParams.get('code')).toBeTruthy();
    } finally {
      app.mail.answerAfter(0);
    }
  });

  it('answers the same when the mail server refuses the address, and keeps no code of the refused mail', async () => {
    const user = await app.factories.createUser();
    app.mail.refuse(user.email!);
    expectOk(await forget({ username: user.username, originEmail: user.email }), 'forgetPassword.needVerify');
    while (!app.mail.refusals(user.email!)) await new Promise((r) => setTimeout(r, 20));
    await jobsIdle();
    expect(await app.services.db.select().from(verifications).where(eq(verifications.userId, user.id))).toHaveLength(0);
  });

  it('needs a captcha, and refuses malformed input with 400 forgetPassword.bad', async () => {
    const user = await app.factories.createUser();
    expectError(await app.request.post('/api/user/forgetPassword').send({ data: { username: user.username, originEmail: user.email } }), 400, 'captcha.bad');
    const c = await app.solveCaptcha();
    expectError(await forget({ username: user.username, originEmail: user.email }, { ...c, response: c.response === 'zzzz' ? 'yyyy' : 'zzzz' }), 403, 'captcha.wrong');
    expectInvalid(await forget({ username: user.username, originEmail: 'nope' }), 'forgetPassword.bad', 'data.originEmail');
    expectInvalid(await forget({ originEmail: user.email }), 'forgetPassword.bad', 'data.username');
  });
});

describe('POST /api/user/forgetPasswordVerify', () => {
  it('is single use: 404 forgetPassword.notFound the second time', async () => {
    const user = await app.factories.createUser();
    const code = await resetCode(user);
    expectOk(await resetWith(code), 'forgetPassword.success');
    expectError(await resetWith(code, 'yet-another-pass'), 404, 'forgetPassword.notFound');
    expect(await canSignIn(user.username, NEW_PASSWORD)).toBe(true);
  });

  it('voids the account\'s other reset codes: an older mail cannot reset the new password again', async () => {
    const { user } = await app.factories.signedIn();
    const first = await resetCode(user);
    const second = await resetCode(user);
    const other = await app.factories.createUser();
    const othersCode = await resetCode(other);
    expectOk(await resetWith(second), 'forgetPassword.success');
    const session = await app.factories.signIn({ username: user.username, password: NEW_PASSWORD });

    expectError(await resetWith(first, 'yet-another-pass'), 404, 'forgetPassword.notFound');
    expect((await me(session)).status).toBe(200);
    expect(await canSignIn(user.username, NEW_PASSWORD)).toBe(true);
    // Another account's pending code is untouched.
    expectOk(await resetWith(othersCode), 'forgetPassword.success');
  });

  it('400 forgetPassword.expired after 4 hours; the password stays, the code is gone', async () => {
    const user = await app.factories.createUser();
    const code = await resetCode(user);
    await app.services.db.update(verifications).set({ expiresTime: new Date(Date.now() - 1) }).where(eq(verifications.code, codeDigest(code)));
    expectError(await resetWith(code), 400, 'forgetPassword.expired');
    expectError(await resetWith(code), 404, 'forgetPassword.notFound');
    expect(await canSignIn(user.username, TEST_PASSWORD)).toBe(true);
  });

  it('404 forgetPassword.notFound for an unknown code or a code of another flow', async () => {
    expectError(await resetWith('Q'.repeat(64)), 404, 'forgetPassword.notFound');
    const { token } = await app.factories.signedIn({ bound: false });
    const account = app.factories.freshAccount();
    await app.request.post('/api/user/bindOrigin').set('x-access-token', token).send({ data: { originEmail: account.email, originName: account.name }, captcha: await app.solveCaptcha() });
    const bindCode = new URL(app.mail.linkIn(await app.mail.waitFor(account.email!))).searchParams.get('code')!;
    expectError(await resetWith(bindCode), 404, 'forgetPassword.notFound');
  });

  it('400 forgetPassword.bad for a short password or a malformed code; the code survives', async () => {
    const user = await app.factories.createUser();
    const code = await resetCode(user);
    expectInvalid(await resetWith(code, '12345'), 'forgetPassword.bad', 'data.newpassword');
    expectInvalid(await resetWith('short'), 'forgetPassword.bad', 'data.code');
    expectOk(await resetWith(code), 'forgetPassword.success');
  });
});

describe('POST /api/user/changePassword', () => {
  const change = (token: string | null, data: Record<string, unknown>) => {
    const req = app.request.post('/api/user/changePassword');
    if (token) req.set('x-access-token', token);
    return req.send({ data });
  };

  it('changes the password and signs out every session', async () => {
    const { user, token } = await app.factories.signedIn();
    const other = await app.factories.signIn(user);
    expectOk(await change(token, { oldpassword: TEST_PASSWORD, newpassword: NEW_PASSWORD }), 'changePassword.success');
    expectTokenExpired(await me(token));
    expectTokenExpired(await me(other));
    expect(await canSignIn(user.username, TEST_PASSWORD)).toBe(false);
    expect(await canSignIn(user.username, NEW_PASSWORD)).toBe(true);
  });

  it('403 changePassword.notMatch for a wrong old password; nothing changes', async () => {
    const { user, token } = await app.factories.signedIn();
    expectError(await change(token, { oldpassword: 'not-my-password', newpassword: NEW_PASSWORD }), 403, 'changePassword.notMatch');
    expectOk(await me(token), 'userInfo.success');
    expect(await canSignIn(user.username, TEST_PASSWORD)).toBe(true);
  });

  it('400 changePassword.bad for a short new password', async () => {
    const { token } = await app.factories.signedIn();
    expectInvalid(await change(token, { oldpassword: TEST_PASSWORD, newpassword: '123' }), 'changePassword.bad', 'data.newpassword');
    expectInvalid(await change(token, { newpassword: NEW_PASSWORD }), 'changePassword.bad', 'data.oldpassword');
  });

  it('401 user.tokenExpired for a visitor', async () => {
    expectTokenExpired(await change(null, { oldpassword: TEST_PASSWORD, newpassword: NEW_PASSWORD }));
  });

  it.each(['blacklisted', 'freezed'])('lets a %s account change its password', async (role) => {
    const { token } = await app.factories.signedIn({ privileges: [role], bound: false });
    expectOk(await change(token, { oldpassword: TEST_PASSWORD, newpassword: NEW_PASSWORD }), 'changePassword.success');
  });

  it.each(['admin', 'super', 'root', 'dev'])('lets a %s change its password', async (role) => {
    const { token } = await app.factories.signedIn({ privileges: [role] });
    expectOk(await change(token, { oldpassword: TEST_PASSWORD, newpassword: NEW_PASSWORD }), 'changePassword.success');
  });

  it('refuses bot and third-party tokens with 403 user.permissionDenined', async () => {
    const bot = await app.factories.createUser({ privileges: ['bot'] });
    const botToken = await app.factories.signIn(bot, { visitType: 'bot', skipCaptcha: true });
    expectError(await change(botToken, { oldpassword: TEST_PASSWORD, newpassword: NEW_PASSWORD }), 403, 'user.permissionDenined');
    const user = await app.factories.createUser();
    const external = await app.factories.signIn(user, { visitType: 'external-auth' });
    expectError(await change(external, { oldpassword: TEST_PASSWORD, newpassword: NEW_PASSWORD }), 403, 'user.permissionDenined');
    expect(await canSignIn(user.username, TEST_PASSWORD)).toBe(true);
  });

  it('refuses a bot account whatever token it asked for (operators reset it with the CLI or the admin console)', async () => {
    const { user, token } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    expectError(await change(token, { oldpassword: TEST_PASSWORD, newpassword: NEW_PASSWORD }), 403, 'user.permissionDenined');
    expect(await canSignIn(user.username, TEST_PASSWORD)).toBe(true);
  });

  it('limits wrong old passwords per account: a stolen token cannot guess the password', async () => {
    const { user, token } = await app.factories.signedIn();
    for (let i = 0; i < 5; i++) expectError(await change(token, { oldpassword: `guess-${i}-x`, newpassword: NEW_PASSWORD }), 403, 'changePassword.notMatch');
    expectError(await change(token, { oldpassword: TEST_PASSWORD, newpassword: NEW_PASSWORD }), 429, 'request.rateLimited');
    expect(await canSignIn(user.username, TEST_PASSWORD)).toBe(true);
  });
});
