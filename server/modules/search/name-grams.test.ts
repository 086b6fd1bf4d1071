import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQuery } from '@shared/schemas/search';
import { createTestApp, type TestApp } from '@server/test/harness';
import { asWord, indexedPart, searchPlayers } from './players';
import { insertCase, plainWord } from './test-fixtures';

/** Shares as ANALYZE would report them: every trigram of these words is common. */
const commonIn = (...words: string[]) => {
  const m = new Map<string, number>();
  for (const w of words) for (let i = 0; i + 3 <= w.length; i++) m.set(w.slice(i, i + 3), 0.12);
  return m;
};

describe('indexedPart', () => {
  it('keeps the whole pattern without statistics, or when no run of two uncommon trigrams remains', () => {
    expect(indexedPart('sniper0aefz', new Map())).toBe('sniper0aefz');
    expect(indexedPart('sniper', commonIn('sniper'))).toBe('sniper');
    // Only `r0a` is uncommon: one trigram is not selective enough on its own.
    expect(indexedPart('sniper0a', commonIn('sniper0'))).toBe('sniper0a');
  });

  it('looks up the longest run of uncommon trigrams, across separators', () => {
    expect(indexedPart('sniper0aefz', commonIn('sniper0'))).toBe('r0aefz');
    expect(indexedPart('xxaefzxx', commonIn('xxa', 'zxx'))).toBe('xaefzx');
    expect(indexedPart('abcd0sniper', commonIn('sniper', '0sn'))).toBe('abcd0s');
    // Other separators split words, as pg_trgm does.
    expect(indexedPart('sniper#aefz', commonIn('sniper'))).toBe('aefz');
  });

  it('writes separators as 0', () => {
    expect(asWord('a_b__c')).toBe('a0b00c');
  });
});

describe('name search with uncommon parts of the pattern', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  it('finds exactly what the whole pattern finds, total and order included', async () => {
    const prefix = `commonpre${plainWord(4)}`;
    const tail = plainWord(6);
    const names = [`${prefix}_${tail}`, `${prefix}_${tail}x`, `old${prefix}_${tail}`, `${prefix}${tail}`, `${prefix}_${plainWord(6)}`, `other_${tail}`];
    for (const name of names) await insertCase(app, { name });
    const frequencies = commonIn(asWord(`${prefix}_`));
    for (const param of [`${prefix}_${tail}`, `${prefix}_${tail.slice(0, 3)}`, `${tail}`, `_${tail}`, `${prefix}_`]) {
      for (const sort of ['default', 'latest', 'mostViewed']) {
        const q = searchQuery.parse({ type: 'player', param, sort, limit: 3 });
        const whole = await searchPlayers(app.services.db, q, new Map());
        const trimmed = await searchPlayers(app.services.db, q, frequencies);
        expect(trimmed.total, `${param} ${sort}`).toBe(whole.total);
        expect(trimmed.rows.map((r) => r.name.id), `${param} ${sort}`).toEqual(whole.rows.map((r) => r.name.id));
      }
    }
    const exact = await searchPlayers(app.services.db, searchQuery.parse({ type: 'player', param: `${prefix}_${tail}` }), frequencies);
    expect(exact.total).toBe(3);
    expect(exact.rows[0]!.name.originName).toBe(`${prefix}_${tail}`);
    // `_` is a character of its own: the name without it does not match.
    expect(exact.rows.map((r) => r.name.originName)).not.toContain(`${prefix}${tail}`);
    const past = await searchPlayers(app.services.db, searchQuery.parse({ type: 'player', param: tail, skip: 50 }), frequencies);
    expect(past).toEqual({ rows: [], total: 5 });
  });
});
