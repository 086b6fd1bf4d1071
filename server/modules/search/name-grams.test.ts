import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQuery } from '@shared/schemas/search';
import { createTestApp, type TestApp } from '@server/test/harness';
import { LIMITS } from '@shared/limits';
import { nameKey } from '@shared/names';
import { asWord, lookupGrams, quadgrams, shareOf } from './name-grams';
import { searchPlayers } from './players';
import { insertCase, insertCasesNamed, plainWord } from '../../test/search-fixtures';

/** Shares as ANALYZE would report them: every 4-gram of these words is in an eighth of the names. */
const sharesOf = (share: number, ...words: string[]) => new Map(words.flatMap((w) => quadgrams(w)).map((g) => [g, share]));
/** 4-grams common enough that a pattern of them is broad (read down an index until a page is full). */
const commonIn = (...words: string[]) => sharesOf(0.125, ...words);
/** Broad too, but nearer the mark: other 4-grams are looked up. */
const fairlyCommonIn = (...words: string[]) => sharesOf(0.03, ...words);

describe('name 4-grams', () => {
  it('are every distinct 4 characters of the word, and none for shorter words', () => {
    expect(quadgrams('abcdef')).toEqual(['abcd', 'bcde', 'cdef']);
    expect(quadgrams('aaaaaa')).toEqual(['aaaa']);
    expect(quadgrams('abc')).toEqual([]);
    expect(quadgrams('çaféx')).toEqual(['çafé', 'aféx']);
    expect(asWord('a_b__c')).toBe('a0b00c');
  });

  it('looks up the two rarest and other rare ones, at most four, spread over the word', () => {
    expect(lookupGrams('sniper0aefz', commonIn('sniper0'))).toEqual(['er0a', 'r0ae', '0aef', 'aefz']);
    expect(lookupGrams('sniper0aefzbcd', commonIn('sniper0'))).toEqual(['er0a', '0aef', 'efzb', 'zbcd']);
    // Without statistics every 4-gram may be rare.
    expect(lookupGrams('abcdefgh', new Map())).toEqual(['abcd', 'bcde', 'defg', 'efgh']);
    // Known shares come after the unknown (rarer) ones, the least common first; past two, only rare ones (under 0.5%).
    const shares = new Map([['abcd', 0.01], ['bcde', 0.001], ['cdef', 0.015], ['defg', 0.05]]);
    expect(lookupGrams('abcdefghi', shares)).toEqual(['bcde', 'efgh', 'fghi']);
    expect(lookupGrams('abcdefg', shares)).toEqual(['abcd', 'bcde']);
    expect(lookupGrams('abcdefghijk', shares)).toEqual(['efgh', 'fghi', 'ghij', 'hijk']);
    // Nothing uncommon: the least common one alone.
    expect(lookupGrams('sniper', new Map([['snip', 0.2], ['nipe', 0.1], ['iper', 0.3]]))).toEqual(['nipe']);
  });
});

describe('the share of names holding a word', () => {
  it('is at most that of its rarest 4-gram; for 3 characters, half the 4-grams holding it; 0 without statistics', () => {
    const shares = new Map([['snip', 0.2], ['nipe', 0.1], ['iper', 0.3], ['void', 0.1], ['oid0', 0.08]]);
    expect(shareOf('sniper', shares)).toBe(0.1);
    expect(shareOf('sniperx', shares)).toBe(0);
    expect(shareOf('oid', shares)).toBeCloseTo(0.09);
    expect(shareOf('xyz', shares)).toBe(0);
    expect(shareOf('oid', new Map())).toBe(0);
  });
});

describe('name search by 4-grams', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  it('finds exactly what the whole pattern finds, whichever 4-grams it looks up, total and order included', async () => {
    const prefix = `commonpre${plainWord(4)}`;
    const tail = plainWord(6);
    const names = [`${prefix}_${tail}`, `${prefix}_${tail}x`, `old${prefix}_${tail}`, `${prefix}${tail}`, `${prefix}_${plainWord(6)}`, `other_${tail}`];
    for (const name of names) await insertCase(app, { name });
    const lookups = [new Map<string, number>(), commonIn(asWord(`${prefix}_`)), commonIn(asWord(`${prefix}_${tail}`)), fairlyCommonIn(asWord(`${prefix}_${tail}`), asWord(`_${tail}`))];
    for (const param of [`${prefix}_${tail}`, `${prefix}_${tail.slice(0, 3)}`, tail, `_${tail}`, `${prefix}_`, tail.slice(1, 4)]) {
      for (const sort of ['default', 'latest', 'mostViewed']) {
        const q = searchQuery.parse({ type: 'player', param, sort, limit: 3 });
        const [first, ...others] = await Promise.all(lookups.map((f) => searchPlayers(app.services.db, q, f)));
        for (const other of others) {
          expect(other.total, `${param} ${sort}`).toBe(first!.total);
          expect(other.rows.map((r) => r.name.id), `${param} ${sort}`).toEqual(first!.rows.map((r) => r.name.id));
        }
      }
    }
    const exact = await searchPlayers(app.services.db, searchQuery.parse({ type: 'player', param: `${prefix}_${tail}` }), lookups[1]);
    expect(exact.total).toBe(3);
    expect(exact.rows[0]!.name.originName).toBe(`${prefix}_${tail}`);
    // `_` is a character of its own: the name without it does not match.
    expect(exact.rows.map((r) => r.name.originName)).not.toContain(`${prefix}${tail}`);
    const past = await searchPlayers(app.services.db, searchQuery.parse({ type: 'player', param: tail, skip: 50 }), lookups[1]);
    expect(past).toEqual({ rows: [], total: 5 });
  });

  it('counts hits up to the limit, whether the pattern is broad (read in order) or selective (found first), in every sort', async () => {
    const part = `capped${plainWord(4)}`;
    const n = LIMITS.searchTotalMax + 5;
    await insertCasesNamed(app, Array.from({ length: n }, (_, i) => `${part}_${plainWord(3)}${'x'.repeat(i % 7)}`));
    for (const shares of [new Map<string, number>(), commonIn(asWord(part)), fairlyCommonIn(asWord(part))]) {
      // Sorted by a case column too: every name starts with the part, or (without its first letter) holds it further in.
      for (const sort of ['latest', 'mostComments']) {
        for (const param of [part, part.slice(1)]) {
          const sorted = await searchPlayers(app.services.db, searchQuery.parse({ type: 'player', param, sort, limit: 5 }), shares);
          expect(sorted.total, `${sort} ${param}`).toBe(LIMITS.searchTotalMax);
          expect(sorted.rows, `${sort} ${param}`).toHaveLength(5);
        }
      }
      const q = searchQuery.parse({ type: 'player', param: part, limit: 5 });
      const found = await searchPlayers(app.services.db, q, shares);
      expect(found.total).toBe(LIMITS.searchTotalMax);
      expect(found.rows).toHaveLength(5);
      // Every name starts with the part: key order.
      const keys = found.rows.map((r) => nameKey(r.name.originName));
      expect(keys).toEqual([...keys].sort());
      const last = await searchPlayers(app.services.db, searchQuery.parse({ type: 'player', param: part, limit: 10, skip: n - 3 }), shares);
      expect(last.rows).toHaveLength(3);
    }
  });
});
