// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { answerComplete } from '@client/forms/useCaptcha';
import { captchaChoice, captchaKind, rememberCaptchaChoice } from './captchaChoice';

describe('?captcha=', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps the asked-for captcha for the tab; other values change nothing', () => {
    expect(captchaChoice()).toBe('svg');
    rememberCaptchaChoice('turnstile');
    expect(captchaChoice()).toBe('turnstile');
    rememberCaptchaChoice('recaptcha');
    rememberCaptchaChoice(null);
    expect(captchaChoice()).toBe('turnstile');
    rememberCaptchaChoice('svg');
    expect(captchaChoice()).toBe('svg');
  });

  it('shows Turnstile only when the site offers it, else the picture and says so', () => {
    expect(captchaKind('turnstile', '1x00000000000000000000AA')).toBe('turnstile');
    expect(captchaKind('turnstile', undefined)).toBe('svgInstead');
    expect(captchaKind('svg', '1x00000000000000000000AA')).toBe('svg');
  });

  it('sends a Turnstile token as soon as there is one, the picture once 4 characters are typed', () => {
    expect(answerComplete({ captchaType: 'turnstile', response: 'XXXX.DUMMY.TOKEN' })).toBe(true);
    expect(answerComplete({ captchaType: 'svg', encryptCaptcha: 'h', response: 'ab' })).toBe(false);
    expect(answerComplete({ captchaType: 'svg', encryptCaptcha: 'h', response: 'abcd' })).toBe(true);
    expect(answerComplete(null)).toBe(false);
  });
});
