import { describe, expect, it } from 'vitest';
import { openAppPath, searchTarget, webFallbackPath } from '@shared/companionApp';
import { LIMITS } from '@shared/limits';
import { arrivedAddress, hitCountLabel, parseSearch, searchable, searchPath } from './searchQuery';

const parse = (content: string | undefined, query = '') => parseSearch(content, new URLSearchParams(query));

describe('search addresses', () => {
  it('default to players, default order, first page', () => {
    expect(parse(undefined)).toEqual({ param: '', type: 'player', sort: 'default', page: 1 });
    expect(parse(' aimgod ')).toEqual({ param: 'aimgod', type: 'player', sort: 'default', page: 1 });
  });

  it('read type, sort and page', () => {
    expect(parse('sam', 'type=user&sort=joinedAt&page=3')).toEqual({ param: 'sam', type: 'user', sort: 'joinedAt', page: 3 });
  });

  it('drop a sort of another type, and values they do not know', () => {
    expect(parse('sam', 'type=comment&sort=mostViewed')).toMatchObject({ type: 'comment', sort: 'default' });
    expect(parse('sam', 'type=teams&page=0')).toMatchObject({ type: 'player', page: 1 });
  });

  it('take the text from ?q when the path has none', () => {
    expect(parse(undefined, 'q=henry').param).toBe('henry');
  });

  it('write short addresses that read back the same', () => {
    expect(searchPath({ param: 'aim god', type: 'player', sort: 'default', page: 1 })).toBe('/search/aim%20god');
    const state = { param: 'x/y', type: 'comment' as const, sort: 'latest', page: 2 };
    expect(searchPath(state)).toBe('/search/x%2Fy?type=comment&sort=latest&page=2');
    expect(parse(decodeURIComponent('x%2Fy'), 'type=comment&sort=latest&page=2')).toEqual(state);
    expect(searchPath({ param: '', type: 'player', sort: 'default', page: 1 })).toBe('/search');
  });

  it('asks the server only for text its rule accepts', () => {
    expect(searchable({ param: 'ab', type: 'player' })).toBe(false);
    expect(searchable({ param: 'arn', type: 'player' })).toBe(false);
    expect(searchable({ param: '', type: 'comment' })).toBe(false);
    expect(searchable({ param: 'ab', type: 'user' })).toBe(false);
    expect(searchable({ param: 'x'.repeat(41), type: 'user' })).toBe(false);
    expect(searchable({ param: 'two words', type: 'user' })).toBe(true);
    expect(searchable({ param: 'abc', type: 'player' })).toBe(true);
    expect(searchable({ param: 'abc', type: 'comment' })).toBe(true);
  });

  it('agree with the companion app builder: its address opens this search, its fallback is this search on the web', () => {
    for (const [text, type] of [['pete', 'player'], ['a/b c', 'user'], ['wallhack', 'comment']] as const) {
      const opened = new URL(openAppPath(searchTarget(text, type)), 'https://t.example');
      const state = parse(undefined, opened.search.slice(1));
      expect(state).toEqual({ param: text, type, sort: 'default', page: 1 });
      expect(webFallbackPath(searchTarget(text, type))).toBe(searchPath(state));
    }
  });
});

describe('the number of hits shown', () => {
  const n = (x: number) => x.toLocaleString('en-US');
  it('is exact, but for players and comments at the counting limit, which means that many or more', () => {
    expect(hitCountLabel('player', 999, n)).toBe('999');
    expect(hitCountLabel('player', LIMITS.searchTotalMax, n)).toBe('1,000+');
    expect(hitCountLabel('comment', LIMITS.searchTotalMax - 1, n)).toBe('999');
    expect(hitCountLabel('comment', LIMITS.searchTotalMax, n)).toBe('1,000+');
    expect(hitCountLabel('user', 1500, n)).toBe('1,500');
  });
});

describe('the search box’s own writes to the address', () => {
  it('knows an older write of its own when it lands after a newer one was sent, and keeps waiting for the newer', () => {
    // Typed "vexma", paused, typed on to "vexmarrow": both written before the first landed.
    expect(arrivedAddress(['vexma', 'vexmarrow'], 'vexma')).toEqual({ own: true, waiting: ['vexmarrow'] });
    expect(arrivedAddress(['vexmarrow'], 'vexmarrow')).toEqual({ own: true, waiting: [] });
  });

  it('takes a text it did not write as coming from elsewhere, and waits for nothing more', () => {
    expect(arrivedAddress(['vexma', 'vexmarrow'], 'marrow')).toEqual({ own: false, waiting: [] });
    expect(arrivedAddress([], 'marrow')).toEqual({ own: false, waiting: [] });
  });

  it('skips writes that never landed once a later one did', () => {
    expect(arrivedAddress(['a', 'ab', 'abc'], 'abc')).toEqual({ own: true, waiting: [] });
  });
});
