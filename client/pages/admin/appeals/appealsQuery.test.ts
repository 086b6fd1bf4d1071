import { describe, expect, it } from 'vitest';
import { appealsQueryString, appealsRequest, DEFAULT_APPEALS, pageCountOf, parseAppealsQuery } from './appealsQuery';

const parse = (query: string) => parseAppealsQuery(new URLSearchParams(query));

describe('appeals queue URL', () => {
  it('shows the waiting appeals by default, page 1', () => {
    expect(parse('')).toEqual(DEFAULT_APPEALS);
    expect(appealsQueryString(DEFAULT_APPEALS)).toBe('');
  });

  it('keeps the view and page, ignoring what it does not know', () => {
    expect(parse('show=all&page=3')).toEqual({ view: 'all', page: 3 });
    expect(appealsQueryString({ view: 'all', page: 3 })).toBe('show=all&page=3');
    expect(appealsQueryString({ view: 'waiting', page: 2 })).toBe('page=2');
    expect(parse('page=2')).toEqual({ view: 'waiting', page: 2 });
    expect(parse('show=open&page=0')).toEqual(DEFAULT_APPEALS);
    expect(parse('show=unprocessed')).toEqual(DEFAULT_APPEALS);
    expect(parse('page=2.5').page).toBe(1);
    expect(parse('page=-1').page).toBe(1);
  });

  it('reads back what it writes', () => {
    for (const state of [DEFAULT_APPEALS, { view: 'waiting', page: 7 }, { view: 'all', page: 1 }, { view: 'all', page: 12 }] as const) {
      expect(parse(appealsQueryString(state))).toEqual(state);
    }
  });
});

describe('appeals queue request', () => {
  it('asks the server for a page of the waiting appeals, newest first', () => {
    expect(appealsRequest(DEFAULT_APPEALS)).toEqual({ status: 'unprocessed', order: 'desc', skip: 0, limit: 20 });
    expect(appealsRequest({ view: 'waiting', page: 3 })).toEqual({ status: 'unprocessed', order: 'desc', skip: 40, limit: 20 });
  });

  it('asks for every appeal in the other view', () => {
    expect(appealsRequest({ view: 'all', page: 1 })).toEqual({ status: 'all', order: 'desc', skip: 0, limit: 20 });
    expect(appealsRequest({ view: 'all', page: 2 })).toMatchObject({ status: 'all', skip: 20, limit: 20 });
  });

  it('counts pages from the server’s total, at least one', () => {
    expect(pageCountOf(0)).toBe(1);
    expect(pageCountOf(20)).toBe(1);
    expect(pageCountOf(21)).toBe(2);
    expect(pageCountOf(45)).toBe(3);
  });
});
