import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, SESSION_END_CODES, isErrorCode } from './errors';

describe('error catalogue', () => {
  it('spells every code <area>.<result>', () => {
    // The original's one three-part code (staff cannot be muted), kept as clients know it.
    const referenceSpellings = ['muteUser.ban.userUnauthorized'];
    for (const code of Object.keys(ERROR_STATUS)) if (!referenceSpellings.includes(code)) expect(code).toMatch(/^(admin\.)?[a-zA-Z0-9]+\.[a-zA-Z0-9]+$/);
  });

  it('answers every failure with a 4xx or 5xx status', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      expect(status >= 400 && status < 600, code).toBe(true);
    }
  });

  it('keeps the spellings the existing clients branch on', () => {
    expect(ERROR_STATUS['user.tokenExpired']).toBe(401);
    expect(ERROR_STATUS['user.permissionDenined']).toBe(403);
    expect(ERROR_STATUS['captcha.bad']).toBe(400);
    expect(ERROR_STATUS['captcha.wrong']).toBe(403);
    expect(ERROR_STATUS['captcha.expired']).toBe(403);
    expect(ERROR_STATUS['request.rateLimited']).toBe(429);
    expect(ERROR_STATUS['request.404']).toBe(404);
    expect(ERROR_STATUS['signin.noSuchUser']).toBe(401);
  });

  it('ends the session only on 401 codes', () => {
    for (const code of SESSION_END_CODES) expect(ERROR_STATUS[code]).toBe(401);
  });

  it('recognises catalogue codes only', () => {
    expect(isErrorCode('signup.usernameExist')).toBe(true);
    expect(isErrorCode('signup.whatever')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
  });
});
