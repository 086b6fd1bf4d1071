import { describe, expect, it } from 'vitest';
import { usageSeries } from './usageSeries';

describe('usageSeries', () => {
  it('puts every endpoint on every day, zero where it was not called, and totals requests and writes', () => {
    const { days, series, totals } = usageSeries([
      { day: '2026-12-02', endpoint: 'POST /player/report', requests: 2, writes: 2 },
      { day: '2026-12-01', endpoint: 'GET /player', requests: 10, writes: 0 },
      { day: '2026-12-02', endpoint: 'GET /player', requests: 4, writes: 0 },
    ]);
    expect(days).toEqual(['2026-12-01', '2026-12-02']);
    expect(series).toEqual([
      { name: 'GET /player', data: [10, 4] },
      { name: 'POST /player/report', data: [0, 2] },
    ]);
    expect(totals).toEqual({ requests: 16, writes: 2 });
  });
});
