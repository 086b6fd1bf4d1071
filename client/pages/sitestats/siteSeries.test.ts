import { describe, expect, it } from 'vitest';
import type { SiteStats } from '@client/api/stats';
import { buildSeries, hasGrowth, seriesTable } from './siteSeries';

const p = (time: string, num: number) => ({ time, num });

const stats: SiteStats = {
  playerStats: [p('2018-10-12T00:00:00.000Z', 0), p('2022-05-01T12:00:00.000Z', 40), p('2026-01-01T00:00:00.000Z', 90)],
  confirmStats: [p('2018-10-12T00:00:00.000Z', 0), p('2022-05-01T12:00:00.000Z', 10), p('2026-01-01T00:00:00.000Z', 30)],
  userStats: [p('2018-10-12T00:00:00.000Z', 1), p('2022-05-01T12:00:00.000Z', 5), p('2026-01-01T00:00:00.000Z', 12)],
};

describe('the growth chart series', () => {
  it('has one line per /siteStats list, with its theme colour and [ms, count] points', () => {
    const lines = buildSeries(stats);
    expect(lines.map((l) => [l.key, l.color])).toEqual([
      ['players', '--color-accent'],
      ['confirmed', '--color-danger'],
      ['registers', '--color-success'],
    ]);
    expect(lines[0]!.points).toEqual([
      [Date.parse('2018-10-12T00:00:00.000Z'), 0],
      [Date.parse('2022-05-01T12:00:00.000Z'), 40],
      [Date.parse('2026-01-01T00:00:00.000Z'), 90],
    ]);
  });

  it('sorts points by time and drops unreadable ones', () => {
    const lines = buildSeries({
      playerStats: [p('2026-01-01T00:00:00.000Z', 9), p('not a date', 3), p('2020-01-01T00:00:00.000Z', 4), { time: '2021-01-01T00:00:00.000Z', num: Number.NaN }],
      confirmStats: [],
      userStats: undefined as unknown as SiteStats['userStats'],
    });
    expect(lines[0]!.points).toEqual([
      [Date.parse('2020-01-01T00:00:00.000Z'), 4],
      [Date.parse('2026-01-01T00:00:00.000Z'), 9],
    ]);
    expect(lines[1]!.points).toEqual([]);
    expect(lines[2]!.points).toEqual([]);
  });

  it('knows when there is nothing to draw', () => {
    expect(hasGrowth(buildSeries(stats))).toBe(true);
    const zero = { playerStats: [p('2020-01-01T00:00:00.000Z', 0)], confirmStats: [], userStats: [p('2020-01-01T00:00:00.000Z', 0)] };
    expect(hasGrowth(buildSeries(zero))).toBe(false);
    expect(hasGrowth(buildSeries({ playerStats: [], confirmStats: [], userStats: [] }))).toBe(false);
  });

  it('turns into a table: one row per instant, a cell per line, empty where a line lacks it', () => {
    const lines = buildSeries({
      playerStats: [p('2020-01-01T00:00:00.000Z', 4), p('2021-01-01T00:00:00.000Z', 6)],
      confirmStats: [p('2021-01-01T00:00:00.000Z', 2)],
      userStats: [p('2020-01-01T00:00:00.000Z', 1), p('2021-01-01T00:00:00.000Z', 3)],
    });
    expect(seriesTable(lines)).toEqual([
      { time: Date.parse('2020-01-01T00:00:00.000Z'), values: [4, null, 1] },
      { time: Date.parse('2021-01-01T00:00:00.000Z'), values: [6, 2, 3] },
    ]);
  });
});
