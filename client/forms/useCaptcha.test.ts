import { describe, expect, it } from 'vitest';
import { ApiError } from '@client/api/ApiError';
import type { CaptchaAnswer } from '@client/api/types';
import { placeError } from './placeError';
import { attemptWithCaptcha } from './useCaptcha';

const ANSWER: CaptchaAnswer = { captchaType: 'svg', encryptCaptcha: 'hash', response: 'ab12' };
const FIELDS = ['username', 'originEmail'] as const;
const place = (error: unknown) => placeError(error, error instanceof ApiError ? `text of ${error.code}` : 'unexpected', FIELDS, { 'signup.usernameExist': 'username' });

/** Records what the attempt does to the captcha's state, in order. */
function recorder() {
  const log: string[] = [];
  return {
    log,
    hooks: {
      setBusy: (busy: boolean) => log.push(`busy ${busy}`),
      setError: (message: string | undefined) => log.push(`error ${message ?? '-'}`),
      renew: () => log.push('renew'),
    },
  };
}

describe('attemptWithCaptcha', () => {
  it('does nothing without an answer', async () => {
    const { log, hooks } = recorder();
    let sent = false;
    const result = await attemptWithCaptcha(
      null,
      async () => {
        sent = true;
      },
      place,
      hooks,
    );
    expect(result).toBeNull();
    expect(sent).toBe(false);
    expect(log).toEqual([]);
  });

  it('sends the answer, busy meanwhile, and keeps the picture after a success', async () => {
    const { log, hooks } = recorder();
    const result = await attemptWithCaptcha(
      ANSWER,
      async (answer) => {
        log.push(`send ${answer.response}`);
        return 'done';
      },
      place,
      hooks,
    );
    expect(result).toEqual({ ok: true, value: 'done' });
    expect(log).toEqual(['busy true', 'error -', 'send ab12', 'busy false']);
  });

  it('after a wrong captcha: a new picture and the message at the captcha', async () => {
    const { log, hooks } = recorder();
    const error = new ApiError('captcha.wrong', undefined, 403);
    const result = await attemptWithCaptcha(ANSWER, () => Promise.reject(error), place, hooks);
    expect(result).toEqual({ ok: false, error, fields: {}, captcha: 'text of captcha.wrong' });
    expect(log).toEqual(['busy true', 'error -', 'renew', 'error text of captcha.wrong', 'busy false']);
  });

  it('after any other failure: a new picture too, and the message beside its field or above the form', async () => {
    const taken = recorder();
    const byField = await attemptWithCaptcha(ANSWER, () => Promise.reject(new ApiError('signup.usernameExist', undefined, 409)), place, taken.hooks);
    expect(byField).toMatchObject({ ok: false, fields: { username: 'text of signup.usernameExist' } });
    expect(byField).not.toHaveProperty('captcha');
    expect(taken.log).toEqual(['busy true', 'error -', 'renew', 'error -', 'busy false']);

    const down = recorder();
    const above = await attemptWithCaptcha(ANSWER, () => Promise.reject(new TypeError('network')), place, down.hooks);
    expect(above).toMatchObject({ ok: false, fields: {}, form: 'unexpected' });
    expect(down.log).toEqual(['busy true', 'error -', 'renew', 'error -', 'busy false']);
  });
});
