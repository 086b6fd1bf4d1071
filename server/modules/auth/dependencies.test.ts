import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { users, verifications } from '@server/db/schema';
import { createTestApp, unique, type TestApp } from '@server/test/harness';
import { expectError, expectOk } from '@server/test/expect';

/**
 * When the mail server or the platform directory is down, account flows answer 503 and leave
 * nothing half-done behind. Each outage gets its own server instance, pointed at a closed port.
 */
const pendingCodes = async (app: TestApp) => Number(((await app.services.db.select({ n: count() }).from(verifications)) as [{ n: number }])[0].n);

describe('mail server refusing connections', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ smtp: 'closed' });
  });
  afterAll(() => app?.close());

  it('sign-up answers 503 mail.error and leaves no pending sign-up behind', async () => {
    const account = app.factories.freshAccount();
    const username = unique('nomail');
    const res = await app.request
      .post('/api/user/signup')
      .send({ data: { username, password: 'whatever-1', originEmail: account.email, originName: account.name }, captcha: await app.solveCaptcha() });
    expectError(res, 503, 'mail.error');
    expect(await pendingCodes(app)).toBe(0);
    // Nothing holds the name or the platform account: the same sign-up can be tried again.
    const again = await app.request
      .post('/api/user/signup')
      .send({ data: { username, password: 'whatever-1', originEmail: account.email, originName: account.name }, captcha: await app.solveCaptcha() });
    expectError(again, 503, 'mail.error');
  });

  it('binding answers 503 mail.error and leaves no pending binding behind', async () => {
    const { token } = await app.factories.signedIn({ bound: false });
    const account = app.factories.freshAccount();
    const res = await app.request
      .post('/api/user/bindOrigin')
      .set('x-access-token', token)
      .send({ data: { originEmail: account.email, originName: account.name }, captcha: await app.solveCaptcha() });
    expectError(res, 503, 'mail.error');
    expect(await pendingCodes(app)).toBe(0);
  });

  it('password reset answers 503 mail.error and leaves no reset code behind', async () => {
    const user = await app.factories.createUser();
    const res = await app.request.post('/api/user/forgetPassword').send({ data: { username: user.username, originEmail: user.email }, captcha: await app.solveCaptcha() });
    expectError(res, 503, 'mail.error');
    expect(await pendingCodes(app)).toBe(0);
  });

  it('shows in the health report as 503 with mail down', async () => {
    const res = await app.request.get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('health.degraded');
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
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ platform: 'closed' });
  });
  afterAll(() => app?.close());

  it('sign-up answers 503 signup.error; no account, no code, no mail', async () => {
    const account = app.factories.freshAccount();
    const username = unique('noplatform');
    const res = await app.request
      .post('/api/user/signup')
      .send({ data: { username, password: 'whatever-1', originEmail: account.email, originName: account.name }, captcha: await app.solveCaptcha() });
    expectError(res, 503, 'signup.error');
    expect(await pendingCodes(app)).toBe(0);
    expect(await app.services.db.select().from(users).where(eq(users.username, username))).toHaveLength(0);
    expect(app.mail.all()).toHaveLength(0);
  });

  it('binding answers 503 bindOrigin.error', async () => {
    const { token } = await app.factories.signedIn({ bound: false });
    const account = app.factories.freshAccount();
    const res = await app.request
      .post('/api/user/bindOrigin')
      .set('x-access-token', token)
      .send({ data: { originEmail: account.email, originName: account.name }, captcha: await app.solveCaptcha() });
    expectError(res, 503, 'bindOrigin.error');
    expect(await pendingCodes(app)).toBe(0);
  });

  it('shows in the health report as 503 with the platform down', async () => {
    const res = await app.request.get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('health.degraded');
    expect(res.body.data.platform).toMatchObject({ status: 'down', kind: 'http' });
    expect(res.body.data.mail.status).toBe('ok');
  });
});
