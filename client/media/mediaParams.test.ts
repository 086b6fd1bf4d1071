import { describe, expect, it } from 'vitest';
import { isFiltered, mediaQueryOf, mediaSearch, readMediaParams } from './mediaParams';

describe('the media library address', () => {
  it('reads name, kind and page; an unknown kind or page is none', () => {
    expect(readMediaParams(new URLSearchParams('name=Kharg%20clip&kind=video&page=3'))).toEqual({ value: { name: 'Kharg clip', kind: 'video' }, page: 3 });
    expect(readMediaParams(new URLSearchParams('kind=pdf&page=x'))).toEqual({ value: { name: '', kind: '' }, page: 1 });
  });

  it('writes what reads back the same, leaving out empty values and page 1', () => {
    const value = { name: '100% été ', kind: 'image' as const };
    const search = mediaSearch(value, 2);
    expect(readMediaParams(new URLSearchParams(search))).toEqual({ value, page: 2 });
    expect(mediaSearch({ name: '', kind: '' }, 1)).toBe('');
  });

  it('asks the API without outer spaces, and knows when anything is filtered', () => {
    expect(mediaQueryOf({ name: ' clip ', kind: '' })).toEqual({ name: 'clip', kind: undefined });
    expect(isFiltered({ name: ' ', kind: '' })).toBe(false);
    expect(isFiltered({ name: '', kind: 'archive' })).toBe(true);
  });
});
