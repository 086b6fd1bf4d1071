import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { users, verifications } from '@server/db/schema';
import { createTestApp, unique, type TestApp } from '@server/test/harness';
import { expectError, expectOk } from '@server/test/expect';

/**
 * When the mail server or the platform directory is down, account flows answer 503 and leave
 * nothing half-done behind. This file's server sends mail to a closed port; the platform
 * directory is stopped for the second part.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ smtp: 'closed' });
});
afterAll(() => app?.close());

const pendingCodes = async () => Number(((await app.services.db.select({ n: count() }).from(verifications)) as [{ n: number }])[0].n);
async function signup(username: string, account: { email?: string; name: string }) {
  return app.request
    .post('/api/user/signup')
    .send({ data: { username, password: 'whatever-1', originEmail: account.email, originName: account.name }, captcha: await app.solveCaptcha() });
}
async function bind(token: string, account: { email?: string; name: string }) {
  return app.request
    .post('/api/user/bindOrigin')
    .set('x-access-token', token)
    .send({ data: { originEmail: account.email, originName: account.name }, captcha: await app.solveCaptcha() });
}

describe('mail server refusing connections', () => {
  it('sign-up answers 503 mail.error and leaves no pending sign-up behind', async () => {
    const account = app.factories.freshAccount();
    const username = unique('nomail');
    expectError(await signup(username, account), 503, 'mail.error');
    expect(await pendingCodes()).toBe(0);
    // Nothing holds the name or the platform account: the same sign-up can be tried again.
    expectError(await signup(username, account), 503, 'mail.error');
  });

  it('binding answers 503 mail.error and leaves no pending binding behind', async () => {
    const { user, token } = await app.factories.signedIn({ bound: false });
    expectError(await bind(token, app.factories.freshAccount()), 503, 'mail.error');
    expect(await pendingCodes()).toBe(0);
    expect((await app.factories.userRow(user.id)).originUserId).toBeNull();
  });

  it('password reset answers 503 mail.error, matching or not, and leaves no reset code behind', async () => {
    const user = await app.factories.createUser();
    const forget = async (originEmail: string) =>
      app.request.post('/api/user/forgetPassword').send({ data: { username: user.username, originEmail }, captcha: await app.solveCaptcha() });
    const matched = await forget(user.email!);
    const mismatched = await forget('someone-else@players.example');
    expectError(matched, 503, 'mail.error');
    expect({ status: mismatched.status, body: mismatched.body }).toEqual({ status: matched.status, body: matched.body });
    expect(await pendingCodes()).toBe(0);
  });

  it('an admin’s new-password mail answers 503 mail.error and changes nothing: old password and sessions still work', async () => {
    const { token: dev } = await app.factories.signedIn({ privileges: ['dev'] });
    const { user, token } = await app.factories.signedIn();
    const res = await app.request.post('/api/admin/setUserGeneratePassword').set('x-access-token', dev).send({ data: { id: user.id } });
    expectError(res, 503, 'mail.error');
    expect(await pendingCodes()).toBe(0);
    expectOk(await app.request.get('/api/user/me').set('x-access-token', token), 'userInfo.success');
    await app.factories.signIn(user);
    expect(await app.services.db.query.adminLog.findMany({ where: (l, { eq }) => eq(l.targetUserId, user.id) })).toHaveLength(0);
  });

  it('shows in the health report as 503 with mail down', async () => {
    const res = await app.request.get('/api/health');
    expectError(res, 503, 'health.degraded');
    expect(res.body.data.mail).toMatchObject({ status: 'down', kind: 'smtp' });
    expect(res.body.data.database.status).toBe('ok');
    expect(res.body.data.platform.status).toBe('ok');
  });

  it('does not stop sign-in', async () => {
    const { token } = await app.factories.signedIn();
    expectOk(await app.request.get('/api/user/me').set('x-access-token', token), 'userInfo.success');
  });
});

describe('platform directory unreachable', () => {
  beforeAll(() => app.directory.stop());
  afterAll(() => app.directory.start());

  it('sign-up answers 503 signup.error; no account, no code', async () => {
    const username = unique('noplatform');
    expectError(await signup(username, app.factories.freshAccount()), 503, 'signup.error');
    expect(await pendingCodes()).toBe(0);
    expect(await app.services.db.select().from(users).where(eq(users.username, username))).toHaveLength(0);
  });

  it('binding answers 503 bindOrigin.error', async () => {
    const { token } = await app.factories.signedIn({ bound: false });
    expectError(await bind(token, app.factories.freshAccount()), 503, 'bindOrigin.error');
    expect(await pendingCodes()).toBe(0);
  });

  it('shows in the health report as 503 with the platform down', async () => {
    const res = await app.request.get('/api/health');
    expectError(res, 503, 'health.degraded');
    expect(res.body.data.platform).toMatchObject({ status: 'down', kind: 'http' });
  });
});

describe('platform directory back', () => {
  it('answers again once the directory is back', async () => {
    const res = await app.request.get('/api/health');
    expect(res.body.data.platform.status).toBe('ok');
  });
});
