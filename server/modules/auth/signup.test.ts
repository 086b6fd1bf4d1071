import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { users, verifications } from '@server/db/schema';
import { codeDigest, createVerification } from '../users/verifications';
import type { DirectoryAccount } from '@server/platform/types';
import { createTestApp, PUBLIC_URL, unique, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid, expectOk, ISO_DATE } from '@server/test/expect';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const PASSWORD = 'signup-pass-1';

function signupData(account: DirectoryAccount, overrides: Record<string, unknown> = {}) {
  return { username: unique('new'), password: PASSWORD, originEmail: account.email!, originName: account.name, ...overrides };
}
async function signup(data: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.request.post('/api/user/signup').set(headers).send({ data, captcha: await app.solveCaptcha() });
}
/** The code of the sign-up mail sent to `email`, after checking where the link points. */
async function codeFromMail(email: string) {
  const mail = await app.mail.waitFor(email);
  const link = new URL(app.mail.linkIn(mail));
  expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/registerVerification`);
  return { mail, code: link.searchParams.get('code')! };
}
const verify = (code: string) => app.request.get(`/api/user/signupVerify?code=${encodeURIComponent(code)}`);
const pendingFor = (originUserId: string) => app.services.db.select().from(verifications).where(eq(verifications.originUserId, originUserId));

describe('sign-up, from the form to the first sign-in', () => {
  it('mails a code to the platform e-mail; following the link creates a bound account', async () => {
    const account = app.factories.freshAccount();
    const data = signupData(account);

    const res = await signup(data);
    expectOk(res, 'signup.needVerify', 201);

    const { mail, code } = await codeFromMail(account.email!);
    expect(mail.subject).toBe('Confirm your Tribunal account');
    expect(mail.text).toContain(data.username);
    expect(mail.html).toContain('/registerVerification?code=');
    expect(code).toMatch(/^[A-Za-z0-9]{64}$/);
    // Only the code's digest is stored: the table alone opens no account.
    const [pending] = await pendingFor(account.userId);
    expect(pending!.code).toBe(codeDigest(code));
    expect(JSON.stringify(pending)).not.toContain(code);
    const [{ n: before }] = (await app.services.db.select({ n: count() }).from(users).where(eq(users.username, data.username))) as [{ n: number }];
    expect(Number(before)).toBe(0);

    const done = await verify(code);
    expectOk(done, 'signup.success', 201);
    expect(done.body.data).toEqual({ username: data.username, userId: expect.any(Number) });

    const token = await app.factories.signIn({ username: data.username, password: PASSWORD });
    const me = await app.request.get('/api/user/me').set('x-access-token', token);
    expectOk(me, 'userInfo.success');
    expect(me.body.data).toMatchObject({
      username: data.username,
      privilege: ['normal'],
      origin: { originName: account.name, originUserId: account.userId, originPersonaId: account.personaId, originEmail: account.email },
      attr: { language: 'en-US', changeNameLeft: 3 },
    });
    expect(me.body.data.joinTime).toMatch(ISO_DATE);
    expect(typeof me.body.data.origin.originUserId).toBe('string');
  });

  it('keeps the sign-up address and stores no password in clear', async () => {
    const account = app.factories.freshAccount();
    const data = signupData(account);
    await app.request.post('/api/user/signup').set('X-Forwarded-For', '192.0.2.44').send({ data, captcha: await app.solveCaptcha() });
    const { code } = await codeFromMail(account.email!);
    const [pending] = await pendingFor(account.userId);
    expect(pending!.passwordHash).toMatch(/^\$argon2id\$/);
    const done = await verify(code);
    const row = await app.factories.userRow(done.body.data.userId);
    expect(row.attr.registerIP).toBe('192.0.2.44');
    expect(row.passwordHash).not.toContain(PASSWORD);
  });

  it('writes the mail in the language asked for, else the browser language', async () => {
    const a = app.factories.freshAccount();
    expectOk(await signup(signupData(a, { language: 'zh-CN' })), 'signup.needVerify', 201);
    expect((await app.mail.waitFor(a.email!)).subject).toBe('确认你的 Tribunal 账户');

    const b = app.factories.freshAccount();
    expectOk(await signup(signupData(b), { 'Accept-Language': 'zh-CN,zh;q=0.9,en;q=0.8' }), 'signup.needVerify', 201);
    const mail = await app.mail.waitFor(b.email!);
    expect(mail.subject).toBe('确认你的 Tribunal 账户');
    const done = await verify(new URL(app.mail.linkIn(mail)).searchParams.get('code')!);
    expect((await app.factories.userRow(done.body.data.userId)).attr.language).toBe('zh-CN');
  });

  it('matches the platform name without regard to case', async () => {
    const account = app.factories.freshAccount();
    expectOk(await signup(signupData(account, { originName: account.name.toUpperCase() })), 'signup.needVerify', 201);
  });
});

describe('POST /api/user/signup refusals', () => {
  it('needs a captcha', async () => {
    const account = app.factories.freshAccount();
    expectError(await app.request.post('/api/user/signup').send({ data: signupData(account) }), 400, 'captcha.bad');
    expect(app.mail.to(account.email!)).toHaveLength(0);
  });

  it('refuses malformed input with 400 signup.bad', async () => {
    const account = app.factories.freshAccount();
    expectInvalid(await signup(signupData(account, { username: 'abc' })), 'signup.bad', 'data.username');
    expectInvalid(await signup(signupData(account, { username: 'has space' })), 'signup.bad', 'data.username');
    expectInvalid(await signup(signupData(account, { password: '12345' })), 'signup.bad', 'data.password');
    expectInvalid(await signup(signupData(account, { originEmail: 'not-an-email' })), 'signup.bad', 'data.originEmail');
    expectInvalid(await signup(signupData(account, { originName: '' })), 'signup.bad', 'data.originName');
  });

  it('409 signup.usernameExist: taken by an account (any case) or by a pending sign-up', async () => {
    const existing = await app.factories.createUser();
    expectError(await signup(signupData(app.factories.freshAccount(), { username: existing.username.toUpperCase() })), 409, 'signup.usernameExist');

    const pendingName = unique('pending');
    expectOk(await signup(signupData(app.factories.freshAccount(), { username: pendingName })), 'signup.needVerify', 201);
    expectError(await signup(signupData(app.factories.freshAccount(), { username: pendingName })), 409, 'signup.usernameExist');
  });

  it('404 signup.originNotFound: no platform account has this e-mail, or it hides from e-mail search', async () => {
    const account = app.factories.freshAccount();
    expectError(await signup(signupData(account, { originEmail: 'nobody-here@players.example' })), 404, 'signup.originNotFound');
    const hidden = app.factories.freshAccount({ emailSearchable: false });
    expectError(await signup(signupData(hidden)), 404, 'signup.originNotFound');
  });

  it('400 signup.usernameMismatch: the e-mail belongs to another platform name', async () => {
    const mine = app.factories.freshAccount();
    const someoneElse = app.factories.freshAccount();
    expectError(await signup(signupData(mine, { originName: someoneElse.name })), 400, 'signup.usernameMismatch');
  });

  it('403 signup.gameNotShown: the account owns no Battlefield game, or hides its games', async () => {
    const noBattlefield = app.factories.freshAccount({ games: ['Need for Speed Heat'] });
    expectError(await signup(signupData(noBattlefield)), 403, 'signup.gameNotShown');
    const privateGames = app.factories.freshAccount({ games: null });
    expectError(await signup(signupData(privateGames)), 403, 'signup.gameNotShown');
  });

  it('409 signup.originBindingExist: the platform account is bound, or claimed by a pending sign-up', async () => {
    const bound = await app.factories.createUser();
    expectError(await signup(signupData(bound.account!)), 409, 'signup.originBindingExist');

    const account = app.factories.freshAccount();
    expectOk(await signup(signupData(account)), 'signup.needVerify', 201);
    expectError(await signup(signupData(account)), 409, 'signup.originBindingExist');
    expect(app.mail.to(account.email!)).toHaveLength(1);
  });

  it('lets a new sign-up claim an account whose earlier sign-up expired', async () => {
    const account = app.factories.freshAccount();
    expectOk(await signup(signupData(account)), 'signup.needVerify', 201);
    await app.services.db.update(verifications).set({ expiresTime: new Date(Date.now() - 1000) }).where(eq(verifications.originUserId, account.userId));
    expectOk(await signup(signupData(account)), 'signup.needVerify', 201);
  });
});

describe('GET /api/user/signupVerify', () => {
  async function pendingSignup() {
    const account = app.factories.freshAccount();
    const data = signupData(account);
    expectOk(await signup(data), 'signup.needVerify', 201);
    const { code } = await codeFromMail(account.email!);
    return { account, data, code };
  }

  it('is single use: the same code again is 404 signup.notFound', async () => {
    const { code } = await pendingSignup();
    expectOk(await verify(code), 'signup.success', 201);
    expectError(await verify(code), 404, 'signup.notFound');
  });

  it('400 signup.expired after 4 hours, and the code is gone afterwards', async () => {
    const { account, code } = await pendingSignup();
    await app.services.db.update(verifications).set({ expiresTime: new Date(Date.now() - 1) }).where(eq(verifications.code, codeDigest(code)));
    expectError(await verify(code), 400, 'signup.expired');
    expect(await pendingFor(account.userId)).toHaveLength(0);
    expectError(await verify(code), 404, 'signup.notFound');
  });

  it('404 signup.notFound for a code that never existed, or belongs to another flow', async () => {
    expectError(await verify('A'.repeat(64)), 404, 'signup.notFound');
    const user = await app.factories.createUser({ bound: false });
    const account = app.factories.freshAccount();
    const token = await app.factories.signIn(user);
    await app.request.post('/api/user/bindOrigin').set('x-access-token', token).send({ data: { originEmail: account.email, originName: account.name }, captcha: await app.solveCaptcha() });
    const bindCode = new URL(app.mail.linkIn(await app.mail.waitFor(account.email!))).searchParams.get('code')!;
    expectError(await verify(bindCode), 404, 'signup.notFound');
  });

  it('400 signup.bad for a malformed code', async () => {
    expectInvalid(await app.request.get('/api/user/signupVerify'), 'signup.bad', 'code');
    expectInvalid(await verify('short'), 'signup.bad', 'code');
    expectInvalid(await verify('x'.repeat(40) + '-;'), 'signup.bad', 'code');
  });

  it('409 signup.usernameExist when the name was taken meanwhile; the code stays usable', async () => {
    const { data, code } = await pendingSignup();
    const squatter = await app.factories.createUser({ username: data.username.toUpperCase() });
    expectError(await verify(code), 409, 'signup.usernameExist');
    await app.services.db.delete(users).where(eq(users.id, squatter.id));
    expectOk(await verify(code), 'signup.success', 201);
  });

  it('409 signup.originBindingExist when the platform account was bound meanwhile', async () => {
    const { account, code } = await pendingSignup();
    await app.services.db.insert(users).values({ username: unique('binder'), passwordHash: 'x', originUserId: account.userId, originName: account.name });
    expectError(await verify(code), 409, 'signup.originBindingExist');
  });

  it('creates one account when two pending sign-ups for one name are confirmed at once; the other gets 409', async () => {
    // Two codes for one name can only come from two sign-ups racing past the pending check.
    const username = unique('twice');
    const codes = await Promise.all(
      [app.factories.freshAccount(), app.factories.freshAccount()].map((account) =>
        createVerification(app.services.db, 'register', {
          username,
          passwordHash: 'x',
          originName: account.name,
          originUserId: account.userId,
          originPersonaId: account.personaId,
          originEmail: account.email,
        }),
      ),
    );
    const [a, b] = await Promise.all(codes.map((code) => verify(code)));
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expectError(a.status === 409 ? a : b, 409, 'signup.usernameExist');
    expect(await app.services.db.select().from(users).where(eq(users.username, username))).toHaveLength(1);
  });
});
