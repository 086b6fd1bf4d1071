import { describe, expect, it } from 'vitest';
import type { ActivityItem } from '@shared/types/cases';
import { DEFAULT_LIST } from './listQuery';
import { takesLive } from './liveList';

const report: ActivityItem = { type: 'report', id: 1, createTime: '2026-01-01T00:00:00Z', game: 'bf1', playerGames: ['bf1'] };

describe('the live player list', () => {
  it('takes new reports, verdicts and appeals on its first page', () => {
    expect(takesLive(DEFAULT_LIST, report)).toBe(true);
    expect(takesLive(DEFAULT_LIST, { ...report, type: 'judgement' })).toBe(true);
    expect(takesLive(DEFAULT_LIST, { ...report, type: 'banAppeal' })).toBe(true);
    expect(takesLive(DEFAULT_LIST, { ...report, type: 'register' })).toBe(false);
  });

  it('not on later pages, other sorts or closed ranges', () => {
    expect(takesLive({ ...DEFAULT_LIST, page: 2 }, report)).toBe(false);
    expect(takesLive({ ...DEFAULT_LIST, sort: 'viewNum' }, report)).toBe(false);
    expect(takesLive({ ...DEFAULT_LIST, sort: 'updateTime' }, report)).toBe(true);
    expect(takesLive({ ...DEFAULT_LIST, createTo: '2020-01-01' }, report)).toBe(false);
  });

  it('only for the chosen game and a status a new report can have', () => {
    expect(takesLive({ ...DEFAULT_LIST, game: 'bf1' }, report)).toBe(true);
    expect(takesLive({ ...DEFAULT_LIST, game: 'bfv' }, report)).toBe(false);
    expect(takesLive({ ...DEFAULT_LIST, game: 'bfv' }, { ...report, game: undefined, playerGames: ['bf1', 'bfv'] })).toBe(true);
    expect(takesLive({ ...DEFAULT_LIST, status: 0 }, report)).toBe(true);
    expect(takesLive({ ...DEFAULT_LIST, status: 1 }, report)).toBe(false);
    expect(takesLive({ ...DEFAULT_LIST, status: 1 }, { ...report, type: 'judgement' })).toBe(true);
  });
});
