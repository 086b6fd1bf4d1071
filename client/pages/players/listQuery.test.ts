import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST, dayBoundary, listQueryString, parseListQuery, toPlayersQuery } from './listQuery';

const parse = (query: string) => parseListQuery(new URLSearchParams(query));

describe('parseListQuery', () => {
  it('gives the defaults for an empty query', () => {
    expect(parse('')).toEqual(DEFAULT_LIST);
  });

  it('reads every part of the state', () => {
    expect(parse('game=bfv&status=1&sort=viewNum&page=3&createFrom=2026-01-01&updateTo=2026-02-28')).toEqual({
      game: 'bfv',
      status: 1,
      sort: 'viewNum',
      page: 3,
      createFrom: '2026-01-01',
      updateTo: '2026-02-28',
    });
  });

  it('falls back for values the list does not know', () => {
    expect(parse('game=bf2042&status=12&sort=name&page=0&createFrom=yesterday&updateFrom=2026-13-45')).toEqual(DEFAULT_LIST);
    expect(parse('status=1.5&page=-2')).toEqual(DEFAULT_LIST);
    expect(parse('status=-1').status).toBe(-1);
  });
});

describe('listQueryString', () => {
  it('leaves out defaults and round-trips', () => {
    expect(listQueryString(DEFAULT_LIST)).toBe('');
    const state = { ...DEFAULT_LIST, game: 'bf1' as const, status: 0, page: 2, updateFrom: '2026-03-01' };
    expect(parse(listQueryString(state))).toEqual(state);
  });
});

describe('toPlayersQuery', () => {
  it('turns the page into a row offset of 20 and days into whole local days', () => {
    const query = toPlayersQuery({ ...DEFAULT_LIST, page: 3, createFrom: '2026-01-10', createTo: '2026-01-10' });
    expect(query).toMatchObject({ game: 'all', status: -1, sortBy: 'createTime', skip: 40, limit: 20 });
    expect(query.createTimeFrom).toBe(new Date(2026, 0, 10).getTime());
    expect(query.createTimeTo).toBe(new Date(2026, 0, 11).getTime() - 1);
    expect(query.updateTimeFrom).toBeUndefined();
  });

  it('ends a day at its last millisecond, across month ends', () => {
    expect(dayBoundary('2026-01-31', true)).toBe(new Date(2026, 1, 1).getTime() - 1);
  });
});
