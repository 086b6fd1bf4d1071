import { describe, expect, it } from 'vitest';
import { DEFAULT_RANGE, RANGES, parseRange, rangeSearch, rangeStart } from './ranges';

const at = (iso: string) => Date.parse(iso);

describe('statistics ranges', () => {
  it('are yesterday, week, month and year, as the API names its windows', () => {
    expect(RANGES).toEqual(['daily', 'weekly', 'monthly', 'yearly']);
  });

  it('read ?range=, falling back to the week', () => {
    expect(parseRange('monthly')).toBe('monthly');
    expect(parseRange(null)).toBe(DEFAULT_RANGE);
    expect(parseRange('decade')).toBe('weekly');
    expect(parseRange('')).toBe('weekly');
  });

  it('keep the default out of the address', () => {
    expect(rangeSearch('weekly')).toBe('');
    expect(rangeSearch('yearly')).toBe('range=yearly');
    for (const r of RANGES) expect(parseRange(new URLSearchParams(rangeSearch(r)).get('range'))).toBe(r);
  });

  it('start at the UTC midnight of the first day of the range', () => {
    const now = at('2026-03-15T17:42:10.123Z');
    expect(new Date(rangeStart('daily', now)).toISOString()).toBe('2026-03-14T00:00:00.000Z');
    expect(new Date(rangeStart('weekly', now)).toISOString()).toBe('2026-03-08T00:00:00.000Z');
    expect(new Date(rangeStart('monthly', now)).toISOString()).toBe('2026-02-13T00:00:00.000Z');
    expect(new Date(rangeStart('yearly', now)).toISOString()).toBe('2025-03-15T00:00:00.000Z');
  });

  it('give the same start all day long, so the request can be cached', () => {
    const early = rangeStart('weekly', at('2026-03-15T00:00:00.000Z'));
    const late = rangeStart('weekly', at('2026-03-15T23:59:59.999Z'));
    expect(late).toBe(early);
    expect(rangeStart('weekly', at('2026-03-16T00:00:00.000Z'))).toBe(early + 24 * 3600 * 1000);
  });

  it('grow longer from yesterday to year', () => {
    const now = Date.now();
    const starts = RANGES.map((r) => rangeStart(r, now));
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
  });
});
