import { describe, expect, it } from 'vitest';
import { FALLBACK_LANGUAGE, LANGUAGE_CODES, pickLanguage } from './languages';

describe('pickLanguage', () => {
  it.each([
    ['zh-CN', 'zh-CN'],
    ['zh-cn', 'zh-CN'],
    ['ZH-TW', 'zh-TW'],
    ['ar-EG', 'ar-EG'],
    ['de', 'de-DE'],
    ['de_AT', 'de-DE'],
    ['fr-CA', 'fr-FR'],
    ['ja', 'ja-JP'],
    ['zh', 'zh-CN'], // the first Chinese variant
  ])('%s -> %s', (requested, expected) => {
    expect(pickLanguage(requested)).toBe(expected);
  });

  it.each([undefined, null, '', 'xx', 'pt-BR', 'klingon'])('falls back to en-US for %j', (requested) => {
    expect(pickLanguage(requested)).toBe(FALLBACK_LANGUAGE);
    expect(FALLBACK_LANGUAGE).toBe('en-US');
  });

  it('answers only supported codes', () => {
    for (const code of LANGUAGE_CODES) expect(pickLanguage(code)).toBe(code);
  });
});
