import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_SECRET, type TestApp, type TestUser } from '@server/test/harness';
import { expectError, expectOk } from '@server/test/expect';
import { sealAnswer } from './captcha';

/** The captcha rules, exercised through a real endpoint (sign-in) as clients meet them. */
let app: TestApp;
let user: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  user = await app.factories.createUser();
});
afterAll(() => app?.close());

const signin = (captchaFields: object, password = user.password) =>
  app.request.post('/api/user/signin').send({ data: { username: user.username, password }, ...captchaFields });

describe('captcha on a protected call', () => {
  it('accepts the current shape: captcha {captchaType, encryptCaptcha, response}', async () => {
    expectOk(await signin({ captcha: await app.solveCaptcha() }), 'signin.success');
  });

  it('accepts the legacy shape: captcha string + top-level encryptCaptcha', async () => {
    const c = await app.solveCaptcha();
    expectOk(await signin({ captcha: c.response, encryptCaptcha: c.encryptCaptcha }), 'signin.success');
  });

  it('compares the answer without regard to case', async () => {
    const c = await app.solveCaptcha();
    expectOk(await signin({ captcha: { ...c, response: c.response.toUpperCase() } }), 'signin.success');
  });

  it('refuses a missing captcha with 400 captcha.bad', async () => {
    expectError(await signin({}), 400, 'captcha.bad');
    const c = await app.solveCaptcha();
    expectError(await signin({ captcha: c.response }), 400, 'captcha.bad');
    expectError(await signin({ encryptCaptcha: c.encryptCaptcha }), 400, 'captcha.bad');
  });

  it('refuses a hash the server did not make with 400 captcha.bad', async () => {
    expectError(await signin({ captcha: { captchaType: 'svg', encryptCaptcha: 'bm90LWEtaGFzaA', response: 'abcd' } }), 400, 'captcha.bad');
    const foreign = sealAnswer('another-server-secret-0123456', 'abcd', Date.now());
    expectError(await signin({ captcha: { captchaType: 'svg', encryptCaptcha: foreign, response: 'abcd' } }), 400, 'captcha.bad');
  });

  it('refuses a captcha older than 20 minutes with 403 captcha.expired', async () => {
    const old = sealAnswer(TEST_SECRET, 'abcd', Date.now() - 21 * 60 * 1000);
    expectError(await signin({ captcha: { captchaType: 'svg', encryptCaptcha: old, response: 'abcd' } }), 403, 'captcha.expired');
    const recent = sealAnswer(TEST_SECRET, 'abcd', Date.now() - 19 * 60 * 1000);
    expectOk(await signin({ captcha: { captchaType: 'svg', encryptCaptcha: recent, response: 'abcd' } }), 'signin.success');
  });

  it('refuses a wrong answer with 403 captcha.wrong, and the picture is then used up', async () => {
    const c = await app.solveCaptcha();
    const wrong = c.response === 'zzzz' ? 'yyyy' : 'zzzz';
    expectError(await signin({ captcha: { ...c, response: wrong } }), 403, 'captcha.wrong');
    expectError(await signin({ captcha: c }), 403, 'captcha.expired');
  });

  it('is single use: a solved captcha sent again is 403 captcha.expired', async () => {
    const c = await app.solveCaptcha();
    expectOk(await signin({ captcha: c }), 'signin.success');
    expectError(await signin({ captcha: c }), 403, 'captcha.expired');
    expectError(await signin({ captcha: c.response, encryptCaptcha: c.encryptCaptcha }), 403, 'captcha.expired');
  });

  it('is checked before the credentials', async () => {
    const c = await app.solveCaptcha();
    const wrong = c.response === 'zzzz' ? 'yyyy' : 'zzzz';
    expectError(await signin({ captcha: { ...c, response: wrong } }, 'not-the-password'), 403, 'captcha.wrong');
  });

  it('is used up even when the credentials are then refused', async () => {
    const c = await app.solveCaptcha();
    expectError(await signin({ captcha: c }, 'not-the-password'), 401, 'signin.noSuchUser');
    expectError(await signin({ captcha: c }), 403, 'captcha.expired');
  });
});
