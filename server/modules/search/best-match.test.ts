import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQuery } from '@shared/schemas/search';
import { createTestApp, type TestApp } from '@server/test/harness';
import { startsBefore } from './name-match';
import { searchPlayers } from './players';
import { insertCase, plainWord, sharing } from '../../test/search-fixtures';

describe('the end of the names that start with a key', () => {
  it('is the key with its last character raised, in code point order', () => {
    expect(startsBefore('abc')).toBe('abd');
    expect(startsBefore('ab_')).toBe('ab`');
    expect(startsBefore('ab\u{10FFFF}')).toBe('ac');
    expect(startsBefore('a\uD7FF')).toBe('a\uE000');
    expect(startsBefore('aé')).toBe('aê');
    expect(startsBefore('\u{10FFFF}\u{10FFFF}')).toBe('\u{10FFFF}\u{10FFFF}');
    // Every text that starts with the key sorts before it, in byte order.
    for (const key of ['abc', 'ab\u{10FFFF}', 'zz']) {
      for (const tail of ['', 'a', '\u{10FFFF}\u{10FFFF}', '~~~']) expect(Buffer.compare(Buffer.from(key + tail), Buffer.from(startsBefore(key)))).toBe(-1);
    }
  });
});

describe('name search by best match', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  const broad = sharing(0.125);
  const some = sharing(0.01);
  const few = () => new Map<string, number>();

  async function page(param: string, skip: number, limit: number, shares: Map<string, number>) {
    const found = await searchPlayers(app.services.db, searchQuery.parse({ type: 'player', param, skip, limit }), shares);
    return { names: found.rows.map((r) => r.name.originName), total: found.total };
  }

  it('pages through the names that start with the key, then those holding it further in, the same whether the pattern is broad, fairly common or rare', async () => {
    const w = plainWord(6);
    // Inserted in this order: ids rise, so "newest first" is the reverse.
    const inside = [`a_${w}`, `b${w}_x`, `c_${w}zz`, `d${w}`];
    const starts = [`${w}_b`, `${w}`, `${w}_a_long`, `${w}_a`];
    for (const name of [inside[0]!, starts[0]!, inside[1]!, starts[1]!, inside[2]!, starts[2]!, inside[3]!, starts[3]!]) await insertCase(app, { name });
    const expected = [w, `${w}_a`, `${w}_a_long`, `${w}_b`, ...[...inside].reverse()];
    for (const shares of [few(), some(w), broad(w)]) {
      for (const limit of [1, 2, 3, 5, 8]) {
        const all: string[] = [];
        for (let skip = 0; skip < 10; skip += limit) {
          const p = await page(w, skip, limit, shares);
          expect(p.total).toBe(8);
          all.push(...p.names);
        }
        expect(all, `limit ${limit}`).toEqual(expected);
      }
      // A page that starts past the first names (none of them on it) and one past the end.
      expect((await page(w, 5, 2, shares)).names).toEqual(expected.slice(5, 7));
      expect(await page(w, 8, 5, shares)).toEqual({ names: [], total: 8 });
    }
  });

  it('holds only what it searched for: % and _ are literal, a longer name is not a namesake', async () => {
    const w = plainWord(6);
    for (const name of [`${w}_1`, `${w}x1`, `x${w}_`]) await insertCase(app, { name });
    for (const shares of [few(), some(`${w}_`), broad(`${w}_`)]) {
      expect((await page(`${w}_`, 0, 10, shares)).names).toEqual([`${w}_1`, `x${w}_`]);
      expect((await page(`${w}%`, 0, 10, shares)).names).toEqual([]);
    }
  });

  it('neither lists nor counts the names of hidden cases, with or without a filter, whatever the reach and the sort', async () => {
    const w = plainWord(6);
    const shown = [await insertCase(app, { name: `${w}_a` }), await insertCase(app, { name: `x${w}` })];
    await insertCase(app, { name: `${w}_b`, valid: false });
    await insertCase(app, { name: `${w}`, valid: false });
    await insertCase(app, { name: `y${w}`, valid: false });
    for (const shares of [few(), some(w), broad(w)]) {
      for (const sort of ['default', 'latest', 'mostViewed'] as const) {
        for (const game of ['all', 'bf1'] as const) {
          const found = await searchPlayers(app.services.db, searchQuery.parse({ type: 'player', param: w, sort, game }), shares);
          expect(found.rows.map((r) => r.player.id).sort(), `${sort} ${game}`).toEqual(shown.map((c) => c.id).sort());
          expect(found.total, `${sort} ${game}`).toBe(2);
          // Past the last page: the count alone, as exact.
          expect((await searchPlayers(app.services.db, searchQuery.parse({ type: 'player', param: w, sort, game, skip: 5 }), shares)).total).toBe(2);
        }
      }
    }
  });

  it('answers searches asked together (one statement for a shape) as it answers each alone', async () => {
    const letter = (k: number) => 'abcdefgh'[k]!;
    // Words of 6 letters (found by their 4-grams) and of 3 (by their trigrams), each with names that start
    // with it and names holding it further in, a hidden case, and cases of two games.
    const long = Array.from({ length: 4 }, () => plainWord(6));
    const short = Array.from({ length: 2 }, () => plainWord(3));
    for (const [i, w] of [...long, ...short].entries()) {
      for (let k = 0; k <= i; k++) await insertCase(app, { name: `${w}_${letter(k)}`, games: [k % 2 ? 'bfv' : 'bf1'], history: [`old${w}${letter(k)}`] });
      await insertCase(app, { name: `${w}_hidden`, valid: false });
    }
    // Names holding every 4-gram of a long word but not the word (`v` is no letter of the words).
    for (const w of long) await insertCase(app, { name: `${w.slice(0, 5)}v${w.slice(1)}` });
    // Short words are searched with a letter before them, so that only their own names hold them.
    const asks = [...long, ...short.map((w) => `${w}_`)].flatMap((param) =>
      [
        { skip: 0, limit: 20 },
        { skip: 1, limit: 2 },
        { skip: 3, limit: 1 },
        { skip: 50, limit: 10 },
        { skip: Number.MAX_SAFE_INTEGER, limit: 5 },
      ].flatMap((p) => [{ param, ...p, game: 'all' as const }, { param, ...p, game: 'bfv' as const }]),
    );
    const search = (a: (typeof asks)[number]) => searchPlayers(app.services.db, searchQuery.parse({ type: 'player', ...a }), few());
    const alone: Awaited<ReturnType<typeof search>>[] = [];
    for (const a of asks) alone.push(await search(a));
    const together = await Promise.all(asks.map(search));
    expect(together).toEqual(alone);
    // And what they found: every name of the word's visible cases, the new and the old, the bfv ones in bfv.
    const first = (param: string, game: 'all' | 'bfv') => alone[asks.findIndex((a) => a.param === param && a.skip === 0 && a.game === game)]!;
    long.forEach((w, i) => {
      expect(first(w, 'all').total).toBe(2 * (i + 1));
      expect(first(w, 'bfv').total).toBe(2 * Math.floor((i + 1) / 2));
      expect(first(w, 'all').rows.slice(0, i + 1).map((r) => r.name.originName)).toEqual(Array.from({ length: i + 1 }, (_, k) => `${w}_${letter(k)}`));
    });
    short.forEach((w, j) => expect(first(`${w}_`, 'all').rows.map((r) => r.name.originName)).toEqual(Array.from({ length: long.length + j + 1 }, (_, k) => `${w}_${letter(k)}`)));
    // Every other page is its part of the first (all of a word's names fit on it).
    asks.forEach((a, i) => {
      const all = first(a.param, a.game);
      expect(alone[i], JSON.stringify(a)).toEqual({ rows: all.rows.slice(a.skip, a.skip + a.limit), total: all.total });
    });
  });

  it('filters the names that start with the key by game, as the others', async () => {
    const w = plainWord(6);
    await insertCase(app, { name: `${w}_a`, games: ['bf1'] });
    const bfv = await insertCase(app, { name: `${w}_b`, games: ['bfv'] });
    await insertCase(app, { name: `x${w}`, games: ['bf1'] });
    const inside = await insertCase(app, { name: `y${w}`, games: ['bfv'] });
    for (const shares of [few(), some(w), broad(w)]) {
      const found = await searchPlayers(app.services.db, searchQuery.parse({ type: 'player', param: w, game: 'bfv' }), shares);
      expect(found.rows.map((r) => r.player.id)).toEqual([bfv.id, inside.id]);
      expect(found.total).toBe(2);
    }
  });
});
