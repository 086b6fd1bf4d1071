// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { TIMELINE_FILTERS, saveFilter, savedFilter } from './timelineFilter';

describe('the saved timeline filter', () => {
  beforeEach(() => localStorage.clear());

  it('is remembered in this browser', () => {
    expect(savedFilter()).toBe('all');
    for (const filter of TIMELINE_FILTERS) {
      saveFilter(filter);
      expect(savedFilter()).toBe(filter);
    }
  });

  it('ignores a value it does not know', () => {
    localStorage.setItem('tribunal:timelineFilter', 'everything');
    expect(savedFilter()).toBe('all');
  });
});
