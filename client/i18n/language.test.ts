import { describe, expect, it } from 'vitest';
import { formatRelative } from './format';
import { initialLanguage, intlLocale, isRtl } from './language';

describe('initialLanguage', () => {
  it('prefers the lang query, then the saved choice, then the browser', () => {
    expect(initialLanguage('ja-JP', 'de-DE', ['fr-FR'])).toBe('ja-JP');
    expect(initialLanguage(null, 'de-DE', ['fr-FR'])).toBe('de-DE');
    expect(initialLanguage(null, null, ['fr-FR', 'en-US'])).toBe('fr-FR');
  });

  it('maps short tags and skips browser languages we do not have', () => {
    expect(initialLanguage('zh', null, [])).toBe('zh-CN');
    expect(initialLanguage(null, null, ['nl-NL', 'ko'])).toBe('ko-KR');
    expect(initialLanguage(null, null, ['nl-NL'])).toBe('en-US');
  });
});

describe('language facts', () => {
  it('knows Arabic is written right to left', () => {
    expect(isRtl('ar-EG')).toBe(true);
    expect(isRtl('en-US')).toBe(false);
  });

  it('formats the cat language like Simplified Chinese', () => {
    expect(intlLocale('zh-Cat')).toBe('zh-CN');
    expect(intlLocale('de-DE')).toBe('de-DE');
  });
});

describe('formatRelative', () => {
  const now = Date.parse('2026-06-15T12:00:00Z');
  it('uses the largest unit that fits, in the given language', () => {
    expect(formatRelative(now - 3 * 24 * 3600 * 1000, 'en-US', now)).toBe('3 days ago');
    expect(formatRelative(now + 2 * 3600 * 1000, 'en-US', now)).toBe('in 2 hours');
    expect(formatRelative(now - 24 * 3600 * 1000, 'en-US', now)).toBe('yesterday');
    expect(formatRelative(now - 3 * 24 * 3600 * 1000, 'zh-Cat', now)).toBe('3天前');
  });
});
