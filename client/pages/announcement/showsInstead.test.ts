import { describe, expect, it } from 'vitest';
import type { Announcement } from '@shared/schemas/announcements';
import { showsInstead } from './showsInstead';

const doc = (language: Announcement['language'], version: number): Announcement => ({
  name: 'conductRules',
  language,
  version,
  title: `${language} v${version}`,
  content: '<p>x</p>',
  createTime: '2025-01-01T00:00:00.000Z',
  authorId: null,
  authorName: null,
  restoredFrom: null,
  latest: true,
  languages: [language],
});

describe('a version published while a document is open', () => {
  it('replaces what a reader of its language shows', () => {
    expect(showsInstead(doc('de-DE', 1), doc('de-DE', 2), 'de-DE')).toEqual(doc('de-DE', 2));
    expect(showsInstead(null, doc('de-DE', 1), 'de-DE')).toEqual(doc('de-DE', 1));
  });

  it('replaces the English fallback, but never a text in the reader’s own language', () => {
    expect(showsInstead(doc('en-US', 1), doc('en-US', 2), 'ja-JP')).toEqual(doc('en-US', 2));
    expect(showsInstead(null, doc('en-US', 1), 'ja-JP')).toEqual(doc('en-US', 1));
    expect(showsInstead(doc('ja-JP', 1), doc('en-US', 2), 'ja-JP')).toEqual(doc('ja-JP', 1));
  });

  it('leaves readers of other languages alone, and keeps a newer version than a late event', () => {
    expect(showsInstead(doc('en-US', 3), doc('fr-FR', 4), 'en-US')).toEqual(doc('en-US', 3));
    expect(showsInstead(doc('en-US', 1), doc('fr-FR', 2), 'ja-JP')).toEqual(doc('en-US', 1));
    expect(showsInstead(doc('en-US', 5), doc('en-US', 4), 'en-US')).toEqual(doc('en-US', 5));
  });
});
