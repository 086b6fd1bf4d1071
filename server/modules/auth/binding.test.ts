import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userOperationLog, users, verifications } from '@server/db/schema';
import { codeDigest, createVerification } from '../users/verifications';
import type { DirectoryAccount } from '@server/platform/types';
import { createTestApp, PUBLIC_URL, unique, type TestApp } from '@server/test/harness';
import { expectError, expectInvalid, expectOk, expectTokenExpired } from '@server/test/expect';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

async function bind(token: string | null, account: Pick<DirectoryAccount, 'email' | 'name'>, extra: Record<string, unknown> = {}) {
  const req = app.request.post('/api/user/bindOrigin');
  if (token) req.set('x-access-token', token);
  const captcha = 'SKIP_CAPTCHA' in extra || 'captcha' in extra ? {} : { captcha: await app.solveCaptcha() };
  return req.send({ data: { originEmail: account.email, originName: account.name }, ...captcha, ...extra });
}
/** The code in the binding mail sent to `email`, after checking where its link points. */
async function bindingCode(email: string) {
  const mail = await app.mail.waitFor(email);
  expect(mail.subject).toBe('Link your game account to Tribunal');
  const link = new URL(app.mail.linkIn(mail));
  expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/bindOrigin`);
  return link.searchParams.get('code')!;
}
const verify = (token: string | null, code: string) => {
  const req = app.request.get(`/api/user/bindOriginVerify?code=${encodeURIComponent(code)}`);
  return token ? req.set('x-access-token', token) : req;
};
/** An unbound signed-in user with a pending binding to a fresh account. */
async function pendingBinding() {
  const { user, token } = await app.factories.signedIn({ bound: false });
  const account = app.factories.freshAccount();
  expectOk(await bind(token, account), 'bindOrigin.needVerify');
  return { user, token, account, code: await bindingCode(account.email!) };
}

describe('binding a platform account', () => {
  it('mails a code to the platform e-mail; the link, opened signed in, binds the account', async () => {
    const { user, token, account, code } = await pendingBinding();
    expect((await app.factories.userRow(user.id)).originUserId).toBeNull();

    const res = await verify(token, code);
    expectOk(res, 'bindOrigin.success');
    expect(res.body.data).toEqual({ originName: account.name });

    const me = await app.request.get('/api/user/me').set('x-access-token', token);
    expect(me.body.data.origin).toEqual({ originName: account.name, originUserId: account.userId, originPersonaId: account.personaId, originEmail: account.email });
    expect(me.body.data.isBound).toBe(true);
    const ops = await app.services.db.select().from(userOperationLog).where(eq(userOperationLog.userId, user.id));
    expect(ops.filter((o) => o.kind === 'bind').map((o) => o.detail)).toEqual([{ originName: account.name }]);
  });

  it('matches the platform name without regard to case', async () => {
    const { token } = await app.factories.signedIn({ bound: false });
    const account = app.factories.freshAccount();
    expectOk(await bind(token, { email: account.email!.toUpperCase(), name: account.name.toLowerCase() }), 'bindOrigin.needVerify');
    expectOk(await verify(token, await bindingCode(account.email!)), 'bindOrigin.success');
  });

  it('lets a bound account move to another platform account', async () => {
    const { user, token } = await app.factories.signedIn();
    const next = app.factories.freshAccount();
    expectOk(await bind(token, next), 'bindOrigin.needVerify');
    expectOk(await verify(token, await bindingCode(next.email!)), 'bindOrigin.success');
    expect((await app.factories.userRow(user.id)).originUserId).toBe(next.userId);
    const ops = await app.services.db.select().from(userOperationLog).where(eq(userOperationLog.userId, user.id));
    expect(ops.filter((o) => o.kind === 'bind').map((o) => o.detail)).toEqual([{ originName: next.name, previousOriginName: user.account!.name }]);
  });

  it('lifts the freeze of a legacy account that had no binding', async () => {
    const { user, token } = await app.factories.signedIn({ privileges: ['freezed'], bound: false, attr: { freezeOfNoBinding: true } });
    const account = app.factories.freshAccount();
    expectOk(await bind(token, account), 'bindOrigin.needVerify');
    expectOk(await verify(token, await bindingCode(account.email!)), 'bindOrigin.success');
    const row = await app.factories.userRow(user.id);
    expect(row.privileges).toEqual(['normal']);
    expect(row.attr.freezeOfNoBinding).toBeUndefined();
  });

  it('keeps a freeze that staff set on purpose', async () => {
    const { user, token } = await app.factories.signedIn({ privileges: ['freezed'], bound: false });
    const account = app.factories.freshAccount();
    expectOk(await bind(token, account), 'bindOrigin.needVerify');
    expectOk(await verify(token, await bindingCode(account.email!)), 'bindOrigin.success');
    expect((await app.factories.userRow(user.id)).privileges).toEqual(['freezed']);
  });

  it('lets the same user ask again while a code is pending', async () => {
    const { token } = await app.factories.signedIn({ bound: false });
    const account = app.factories.freshAccount();
    expectOk(await bind(token, account), 'bindOrigin.needVerify');
    expectOk(await bind(token, account), 'bindOrigin.needVerify');
    await bindingCode(account.email!);
    expectOk(await verify(token, await bindingCode(account.email!)), 'bindOrigin.success');
  });
});

describe('POST /api/user/bindOrigin refusals and privileges', () => {
  it('401 user.tokenExpired for a visitor', async () => {
    expectTokenExpired(await bind(null, app.factories.freshAccount()));
  });

  it('403 user.permissionDenined for a blacklisted account, and no mail', async () => {
    const { token } = await app.factories.signedIn({ privileges: ['blacklisted'], bound: false });
    const account = app.factories.freshAccount();
    expectError(await bind(token, account), 403, 'user.permissionDenined');
    expect(app.mail.to(account.email!)).toHaveLength(0);
  });

  it.each([['admin'], ['super'], ['root']])('lets a %s bind', async (role) => {
    const { token } = await app.factories.signedIn({ privileges: [role], bound: false });
    expectOk(await bind(token, app.factories.freshAccount()), 'bindOrigin.needVerify');
  });

  it.each(['bot', 'dev'])('lets a %s skip the captcha', async (role) => {
    const { token } = await app.factories.signedIn({ privileges: [role], bound: false });
    expectOk(await bind(token, app.factories.freshAccount(), { SKIP_CAPTCHA: true }), 'bindOrigin.needVerify');
  });

  it('needs the captcha from a normal account, SKIP_CAPTCHA or not', async () => {
    const { token } = await app.factories.signedIn({ bound: false });
    expectError(await bind(token, app.factories.freshAccount(), { SKIP_CAPTCHA: true }), 400, 'captcha.bad');
    const c = await app.solveCaptcha();
    expectError(await bind(token, app.factories.freshAccount(), { captcha: { ...c, response: c.response === 'zzzz' ? 'yyyy' : 'zzzz' } }), 403, 'captcha.wrong');
  });

  it('400 bindOrigin.bad for malformed input', async () => {
    const { token } = await app.factories.signedIn({ bound: false });
    expectInvalid(await bind(token, { email: 'not-an-email', name: 'Someone' }), 'bindOrigin.bad', 'data.originEmail');
    expectInvalid(await bind(token, { email: 'a@b.example', name: 'bad name!' }), 'bindOrigin.bad', 'data.originName');
  });

  it('404 bindOrigin.originNotFound: unknown e-mail, hidden e-mail, or another account name', async () => {
    const { token } = await app.factories.signedIn({ bound: false });
    expectError(await bind(token, { email: 'nobody-at-all@players.example', name: 'Nobody' }), 404, 'bindOrigin.originNotFound');
    expectError(await bind(token, app.factories.freshAccount({ emailSearchable: false })), 404, 'bindOrigin.originNotFound');
    const a = app.factories.freshAccount();
    const b = app.factories.freshAccount();
    expectError(await bind(token, { email: a.email, name: b.name }), 404, 'bindOrigin.originNotFound');
  });

  it('403 bindOrigin.gameNotShowed: no Battlefield game, or private games', async () => {
    const { token } = await app.factories.signedIn({ bound: false });
    expectError(await bind(token, app.factories.freshAccount({ games: ['FIFA 23'] })), 403, 'bindOrigin.gameNotShowed');
    expectError(await bind(token, app.factories.freshAccount({ games: null })), 403, 'bindOrigin.gameNotShowed');
  });

  it('409 bindOrigin.originBindingExist: bound to another user, or pending for another user', async () => {
    const owner = await app.factories.createUser();
    const { token } = await app.factories.signedIn({ bound: false });
    expectError(await bind(token, owner.account!), 409, 'bindOrigin.originBindingExist');

    const { account } = await pendingBinding();
    expectError(await bind(token, account), 409, 'bindOrigin.originBindingExist');
  });
});

describe('GET /api/user/bindOriginVerify', () => {
  it('is single use: 404 bindOrigin.notFound the second time', async () => {
    const { token, code } = await pendingBinding();
    expectOk(await verify(token, code), 'bindOrigin.success');
    expectError(await verify(token, code), 404, 'bindOrigin.notFound');
  });

  it('only works for the account that asked: another user gets 404 and the code survives', async () => {
    const { token, code } = await pendingBinding();
    const intruder = await app.factories.signedIn({ bound: false });
    expectError(await verify(intruder.token, code), 404, 'bindOrigin.notFound');
    expectOk(await verify(token, code), 'bindOrigin.success');
  });

  it('needs the signed-in account: 401 user.tokenExpired for a visitor', async () => {
    const { code } = await pendingBinding();
    expectTokenExpired(await verify(null, code));
  });

  it('400 bindOrigin.expired after 4 hours, then the code is gone', async () => {
    const { user, token, code } = await pendingBinding();
    await app.services.db.update(verifications).set({ expiresTime: new Date(Date.now() - 1) }).where(eq(verifications.code, codeDigest(code)));
    expectError(await verify(token, code), 400, 'bindOrigin.expired');
    expectError(await verify(token, code), 404, 'bindOrigin.notFound');
    expect((await app.factories.userRow(user.id)).originUserId).toBeNull();
  });

  it('409 bindOrigin.originBindingExist when someone else bound the account meanwhile', async () => {
    const { user, token, account, code } = await pendingBinding();
    await app.services.db.insert(users).values({ username: unique('other'), passwordHash: 'x', originUserId: account.userId, originName: account.name });
    expectError(await verify(token, code), 409, 'bindOrigin.originBindingExist');
    expect((await app.factories.userRow(user.id)).originUserId).toBeNull();
  });

  it('404 bindOrigin.notFound for an unknown code, 400 bindOrigin.bad for a malformed one', async () => {
    const { token } = await app.factories.signedIn({ bound: false });
    expectError(await verify(token, 'Z'.repeat(64)), 404, 'bindOrigin.notFound');
    expectInvalid(await verify(token, 'nope'), 'bindOrigin.bad', 'code');
  });

  it('binds the account to one of two users confirming at once; the other gets 409', async () => {
    // Two users with codes for one account can only come from two requests racing past the pending check.
    const account = app.factories.freshAccount();
    const [a, b] = await Promise.all([app.factories.signedIn({ bound: false }), app.factories.signedIn({ bound: false })]);
    const codes = await Promise.all(
      [a, b].map(({ user }) =>
        createVerification(app.services.db, 'binding', {
          userId: user.id,
          username: user.username,
          originName: account.name,
          originUserId: account.userId,
          originPersonaId: account.personaId,
          originEmail: account.email,
        }),
      ),
    );
    const [ra, rb] = await Promise.all([verify(a.token, codes[0]!), verify(b.token, codes[1]!)]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    expectError(ra.status === 409 ? ra : rb, 409, 'bindOrigin.originBindingExist');
    expect(await app.services.db.select().from(users).where(eq(users.originUserId, account.userId))).toHaveLength(1);
  });
});
