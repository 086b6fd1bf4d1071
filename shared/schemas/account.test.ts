import { describe, expect, it } from 'vitest';
import { captchaFields } from './captcha';
import { changeNameBody, signinBody, signupBody, updateMeBody, usernameField } from './account';
import { emailField, idParam, platformId } from './common';

describe('usernameField', () => {
  it.each(['abcd', 'a_b-c', 'User2024', 'x'.repeat(40), '  padded  '])('accepts %j', (name) => {
    expect(usernameField.safeParse(name).success).toBe(true);
  });
  it.each(['abc', 'x'.repeat(41), 'with space', 'naïve', 'semi;colon', '<b>bold</b>', ''])('refuses %j', (name) => {
    expect(usernameField.safeParse(name).success).toBe(false);
  });
  it('trims surrounding spaces', () => {
    expect(usernameField.parse('  padded  ')).toBe('padded');
  });
});

describe('emailField', () => {
  it('lower-cases and trims', () => {
    expect(emailField.parse('  Some.One@Example.COM ')).toBe('some.one@example.com');
  });
  it('refuses what is not an address', () => {
    expect(emailField.safeParse('not-an-email').success).toBe(false);
  });
  it('refuses a domain label that starts or ends with a hyphen or is longer than 63 (mail servers refuse them), and takes the rest', () => {
    for (const bad of ['a@b-.com', 'a@-b.com', 'a@b.-c.com', `a@${'x'.repeat(64)}.com`, 'a@b..com', 'a@b.c', '.a@b.com', 'a.@b.com']) expect(emailField.safeParse(bad).success, bad).toBe(false);
    for (const good of ["o'brien@example.com", 'a+tag@sub-domain.example.co', 'a_b-c@1.example.com', `a@${'x'.repeat(63)}.com`, '-@example.com']) expect(emailField.safeParse(good).success, good).toBe(true);
  });
});

describe('ids', () => {
  it('reads query-string ids as positive integers', () => {
    expect(idParam.parse('42')).toBe(42);
    for (const bad of ['0', '-1', '1.5', 'abc', '', '2147483648']) expect(idParam.safeParse(bad).success, bad).toBe(false);
  });
  it('keeps platform ids as digit strings', () => {
    expect(platformId.parse(1005000000)).toBe('1005000000');
    expect(platformId.parse('1005000000')).toBe('1005000000');
    expect(platformId.safeParse('12a').success).toBe(false);
  });
});

describe('captcha fields', () => {
  it('accepts the current object shape', () => {
    const r = captchaFields.safeParse({ captcha: { captchaType: 'svg', encryptCaptcha: 'h', response: 'abcd' } });
    expect(r.success).toBe(true);
  });
  it('accepts the legacy string + top-level encryptCaptcha', () => {
    expect(captchaFields.safeParse({ captcha: 'abcd', encryptCaptcha: 'h' }).success).toBe(true);
  });
  it('accepts a turnstile token and SKIP_CAPTCHA as boolean or string', () => {
    expect(captchaFields.safeParse({ captcha: { captchaType: 'turnstile', response: 't' } }).success).toBe(true);
    expect(captchaFields.safeParse({ SKIP_CAPTCHA: true }).success).toBe(true);
    expect(captchaFields.safeParse({ SKIP_CAPTCHA: 'true' }).success).toBe(true);
  });
  it('refuses an unknown captcha type and over-long answers', () => {
    expect(captchaFields.safeParse({ captcha: { captchaType: 'recaptcha', response: 'x' } }).success).toBe(false);
    expect(captchaFields.safeParse({ captcha: 'abcde', encryptCaptcha: 'h' }).success).toBe(false);
  });
});

describe('request bodies', () => {
  it('signup needs every field inside data', () => {
    const data = { username: 'newcomer', password: 'secret12', originEmail: 'a@b.example', originName: 'Soldier' };
    expect(signupBody.safeParse({ data }).success).toBe(true);
    expect(signupBody.safeParse(data).success).toBe(false);
    expect(signupBody.safeParse({ data: { ...data, password: '12345' } }).success).toBe(false);
    expect(signupBody.safeParse({ data: { ...data, originName: 'has space' } }).success).toBe(false);
  });

  it('signin accepts known visit types and a numeric EXPIRES_IN', () => {
    const data = { username: 'someone', password: 'x' };
    expect(signinBody.parse({ data: { ...data, EXPIRES_IN: '60000' } }).data.EXPIRES_IN).toBe(60000);
    expect(signinBody.safeParse({ data: { ...data, visitType: 'client-phone' } }).success).toBe(true);
    expect(signinBody.safeParse({ data: { ...data, visitType: 'spaceship' } }).success).toBe(false);
    expect(signinBody.safeParse({ data: { ...data, EXPIRES_IN: -1 } }).success).toBe(false);
  });

  it('POST /user/me keeps only the settable attributes', () => {
    const parsed = updateMeBody.parse({
      data: { attr: { allowDM: true, introduction: 'hi', mute: null, changeNameLeft: 99, achievements: { a: 1 }, registerIP: '1.2.3.4' } },
    });
    expect(parsed.data.attr).toEqual({ allowDM: true, introduction: 'hi' });
  });

  it('POST /user/me refuses badly typed settings', () => {
    expect(updateMeBody.safeParse({ data: { attr: { allowDM: 'yes' } } }).success).toBe(false);
    expect(updateMeBody.safeParse({ data: { attr: { language: 'xx-XX' } } }).success).toBe(false);
    expect(updateMeBody.safeParse({ data: { attr: { introduction: 'x'.repeat(2001) } } }).success).toBe(false);
  });

  it('changeName validates the new name like a username', () => {
    expect(changeNameBody.safeParse({ data: { newname: 'fresh-name' } }).success).toBe(true);
    expect(changeNameBody.safeParse({ data: { newname: 'no' } }).success).toBe(false);
  });
});
