import { describe, expect, it } from 'vitest';
import { pagerItems } from './pagerItems';

describe('pagerItems', () => {
  it('lists every page when there are few', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows first, last and the neighbours of the current page, with gaps', () => {
    expect(pagerItems(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pagerItems(1, 20)).toEqual([1, 2, 'gap', 20]);
    expect(pagerItems(20, 20)).toEqual([1, 'gap', 19, 20]);
  });

  it('never hides a single page behind a gap', () => {
    expect(pagerItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
  });
});
