// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { FILTER_SUBJECTS, filterShows } from './filters';
import { floorOfHash, pageCount, pageOfRow, parseTimelineQuery, withTimelinePosition } from './pageQuery';

describe('timeline filters', () => {
  it('map to the entry types of the timeline', () => {
    expect(FILTER_SUBJECTS).toEqual({
      all: null,
      comments: ['report', 'reply'],
      verdicts: ['judgement', 'verify'],
      appeals: ['banAppeal'],
      names: ['historyUsername'],
    });
  });

  it('say which entries they show', () => {
    expect(filterShows('all', 'historyUsername')).toBe(true);
    expect(filterShows('comments', 'reply')).toBe(true);
    expect(filterShows('comments', 'judgement')).toBe(false);
    expect(filterShows('verdicts', 'verify')).toBe(true);
    expect(filterShows('appeals', 'report')).toBe(false);
  });
});

describe('timeline position in the query', () => {
  const parse = (q: string) => parseTimelineQuery(new URLSearchParams(q));

  it('defaults to the first page, oldest first', () => {
    expect(parse('')).toEqual({ page: 1, order: 'asc' });
    expect(parse('page=0&order=up')).toEqual({ page: 1, order: 'asc' });
    expect(parse('page=2.5')).toEqual({ page: 1, order: 'asc' });
  });

  it('reads page and order', () => {
    expect(parse('page=4&order=desc')).toEqual({ page: 4, order: 'desc' });
  });

  it('writes them beside other parameters, leaving defaults out', () => {
    const base = new URLSearchParams('oldUrl=1&page=3');
    expect(withTimelinePosition(base, { page: 2, order: 'desc' }).toString()).toBe('oldUrl=1&page=2&order=desc');
    expect(withTimelinePosition(base, { page: 1, order: 'asc' }).toString()).toBe('oldUrl=1');
  });

  it('counts pages of 20', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
    expect(pageOfRow(0)).toBe(1);
    expect(pageOfRow(19)).toBe(1);
    expect(pageOfRow(20)).toBe(2);
  });

  it('reads floor anchors', () => {
    expect(floorOfHash('#floor-42')).toBe(42);
    expect(floorOfHash('#floor-0')).toBeNull();
    expect(floorOfHash('#floor-x')).toBeNull();
    expect(floorOfHash('')).toBeNull();
  });
});
