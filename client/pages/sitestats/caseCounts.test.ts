import { describe, expect, it } from 'vitest';
import { CASE_STATUSES, GAMES } from '@shared/games';
import { countBars, gameTotalsQuery, statusQuery } from './caseCounts';

describe('case count requests', () => {
  it('ask every game at once, then every status of one game, within the 12 pairs a request may hold', () => {
    const totals = gameTotalsQuery();
    expect(totals).toEqual([{ game: '*', status: -1 }, ...GAMES.map((game) => ({ game, status: -1 }))]);
    expect(totals.length).toBeLessThanOrEqual(12);
    const statuses = statusQuery('bfv');
    expect(statuses).toEqual(CASE_STATUSES.map((status) => ({ game: 'bfv', status })));
    expect(statuses.length).toBeLessThanOrEqual(12);
  });
});

describe('count bars', () => {
  it('match the answer by game and status, not by position, and scale to the largest', () => {
    const wanted = [
      { game: '*', status: -1 },
      { game: 'bf1', status: -1 },
      { game: 'bfv', status: -1 },
    ];
    const answer = [
      { game: 'bfv', status: -1, count: 5 },
      { game: '*', status: -1, count: 20 },
      { game: 'bf1', status: -1, count: 15 },
    ];
    expect(countBars(wanted, answer, (q) => q.game)).toEqual([
      { key: '*', count: 20, percent: 100 },
      { key: 'bf1', count: 15, percent: 75 },
      { key: 'bfv', count: 5, percent: 25 },
    ]);
  });

  it('count a missing pair as 0, and give empty bars when everything is 0', () => {
    const wanted = statusQuery('*').slice(0, 3);
    expect(countBars(wanted, [{ game: '*', status: 1, count: 3 }], (q) => q.status)).toEqual([
      { key: 0, count: 0, percent: 0 },
      { key: 1, count: 3, percent: 100 },
      { key: 2, count: 0, percent: 0 },
    ]);
    expect(countBars(wanted, [], (q) => q.status).every((b) => b.count === 0 && b.percent === 0)).toBe(true);
  });
});
