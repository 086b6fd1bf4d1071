import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@server/db/schema';
import { createTestApp, TEST_SECRET, unique, type TestApp } from '@server/test/harness';
import { expectOk } from '@server/test/expect';
import { censorUrl } from './logger';

/**
 * The original wrote captcha answers, tokens and codes to its logs. Here a whole
 * account life runs at the most verbose level, and the log file must hold none of its secrets.
 */
let app: TestApp;
let logFile: string;
beforeAll(async () => {
  logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-log-')), 'server.log');
  app = await createTestApp({ env: { LOG_LEVEL: 'trace', LOG_FILE: logFile } });
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(path.dirname(logFile), { recursive: true, force: true });
});

describe('the log of a whole account life', () => {
  it('holds no password, token, captcha answer, mailed code or password hash', async () => {
    const secrets: Record<string, string> = { secret: TEST_SECRET };
    const captcha = async (label: string) => {
      const c = await app.solveCaptcha();
      secrets[label] = c.response;
      return c;
    };

    // Sign-up, with the code that comes by mail, verified by its GET link.
    const account = app.factories.freshAccount();
    const username = unique('logged');
    secrets.password = 'first-secret-pass-1';
    expectOk(await app.request.post('/api/user/signup').send({ data: { username, password: secrets.password, originEmail: account.email, originName: account.name }, captcha: await captcha('signupCaptcha') }), 'signup.needVerify', 201);
    secrets.signupCode = new URL(app.mail.linkIn(await app.mail.waitFor(account.email!))).searchParams.get('code')!;
    expectOk(await app.request.get(`/api/user/signupVerify?code=${encodeURIComponent(secrets.signupCode)}`), 'signup.success', 201);

    // A wrong password, then the right one; the token used on an authenticated read.
    secrets.wrongPassword = 'not-the-password-7';
    expect((await app.request.post('/api/user/signin').send({ data: { username, password: secrets.wrongPassword }, captcha: await captcha('wrongCaptcha') })).status).toBeGreaterThanOrEqual(400);
    const signin = await app.request.post('/api/user/signin').send({ data: { username, password: secrets.password }, captcha: await captcha('signinCaptcha') });
    expectOk(signin, 'signin.success');
    secrets.token = signin.body.data.token;
    expectOk(await app.request.get('/api/user/me').set('x-access-token', secrets.token), 'userInfo.success');

    // Change the password, then reset it by mail.
    secrets.secondPassword = 'second-secret-pass-2';
    expectOk(await app.request.post('/api/user/changePassword').set('x-access-token', secrets.token).send({ data: { oldpassword: secrets.password, newpassword: secrets.secondPassword } }), 'changePassword.success');
    expectOk(await app.request.post('/api/user/forgetPassword').send({ data: { username, originEmail: account.email }, captcha: await captcha('forgetCaptcha') }), 'forgetPassword.needVerify');
    const resetMail = await app.mail.waitFor(account.email!, (m) => m.subject.includes('password'));
    secrets.resetCode = new URL(app.mail.linkIn(resetMail)).searchParams.get('code')!;
    secrets.thirdPassword = 'third-secret-pass-3';
    expectOk(await app.request.post('/api/user/forgetPasswordVerify').send({ data: { code: secrets.resetCode, newpassword: secrets.thirdPassword } }), 'forgetPassword.success');
    const again = await app.request.post('/api/user/signin').send({ data: { username, password: secrets.thirdPassword }, captcha: await captcha('lastCaptcha') });
    expectOk(again, 'signin.success');
    secrets.lastToken = again.body.data.token;
    await app.request.get(`/api/user/me?token=${secrets.lastToken}`).set('x-access-token', secrets.lastToken);

    const [row] = await app.services.db.select({ hash: users.passwordHash }).from(users).where(eq(users.username, username));
    secrets.passwordHash = row!.hash!;

    const log = fs.readFileSync(logFile, 'utf8');
    // The run was really logged: one line per request at least, the verification links among them.
    expect(log.split('\n').filter((l) => l.includes('"req"')).length).toBeGreaterThanOrEqual(10);
    expect(log).toContain('/api/user/signupVerify?code=%5Bredacted%5D');
    for (const [what, value] of Object.entries(secrets)) {
      // Captcha answers are 4 characters: look for them as whole JSON values, not as any substring.
      const needle = value.length <= 6 ? `"${value}"` : value;
      expect(log.includes(needle), `${what} is in the log`).toBe(false);
    }
    expect(log).not.toMatch(/\$argon2/);
  });
});

describe('censorUrl', () => {
  it('censors secret query values and leaves the rest', () => {
    expect(censorUrl('/api/user/signupVerify?code=abc&lang=de')).toBe('/api/user/signupVerify?code=%5Bredacted%5D&lang=de');
    expect(censorUrl('/api/player?personaId=1')).toBe('/api/player?personaId=1');
    expect(censorUrl('/api/x?Token=t')).toBe('/api/x?Token=%5Bredacted%5D');
  });
});
