import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-depth';

const nested = (levels: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = i % 2 ? { a: v } : [v];
  return v;
};

describe('nestsDeeperThan', () => {
  it('counts a bare object or array as one level, and values as none', () => {
    for (const v of [null, 1, 'text', true, undefined]) expect(nestsDeeperThan(v, 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan({}, 1)).toBe(false);
    expect(nestsDeeperThan([[]], 1)).toBe(true);
    expect(nestsDeeperThan([[]], 2)).toBe(false);
  });

  it('finds the deepest branch among shallow ones, in objects and arrays alike', () => {
    expect(nestsDeeperThan({ a: 1, b: [1, 2], c: { d: { e: [nested(5)] } } }, 8)).toBe(true);
    expect(nestsDeeperThan({ a: 1, b: [1, 2], c: { d: { e: [nested(5)] } } }, 9)).toBe(false);
  });

  it('walks a value nested far past the stack without overflowing it', () => {
    expect(nestsDeeperThan(nested(200_000), 32)).toBe(true);
    expect(nestsDeeperThan(nested(32), 32)).toBe(false);
    expect(nestsDeeperThan(nested(33), 32)).toBe(true);
  });
});
