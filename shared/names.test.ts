import { describe, expect, it } from 'vitest';
import { nameKey } from './names';

describe('nameKey', () => {
  it('folds case and i I 1 l L into one letter, o O 0 into another', () => {
    const key = nameKey('iI1lL');
    expect(new Set(key).size).toBe(1);
    expect(nameKey('oO0')).toBe('ooo');
    expect(nameKey('W4llhackW1zard')).toBe(nameKey('wallhackwizard'));
    expect(nameKey('I11IlllI1I')).toBe(nameKey('iiiiiiiiii'));
  });

  it('folds digits used as letters and multi-letter look-alikes', () => {
    expect(nameKey('5n1p3r')).toBe(nameKey('sniper'));
    expect(nameKey('Hornet')).toBe(nameKey('homet'));
    expect(nameKey('vvolf')).toBe(nameKey('wolf'));
  });

  it('keeps different names apart', () => {
    expect(nameKey('HeadshotHenry')).not.toBe(nameKey('HeadshotHarry'));
    expect(nameKey('abc')).not.toBe(nameKey('abd'));
  });
});
