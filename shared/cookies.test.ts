import { describe, expect, it } from 'vitest';
import { cookieValue } from './cookies';
import { LANGUAGE_COOKIE } from './languages';

describe('a cookie in a Cookie header', () => {
  it('is read by its name alone, among others', () => {
    expect(cookieValue(`a=1; ${LANGUAGE_COOKIE}=de-DE; b=2`, LANGUAGE_COOKIE)).toBe('de-DE');
    expect(cookieValue(`x${LANGUAGE_COOKIE}=de-DE`, LANGUAGE_COOKIE)).toBeUndefined();
    expect(cookieValue(undefined, LANGUAGE_COOKIE)).toBeUndefined();
  });
});
