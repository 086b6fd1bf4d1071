import { describe, expect, it } from 'vitest';
import { formatBytes, usedShare } from './format';

describe('media formatting', () => {
  it('reads bytes in 1024-based units', () => {
    expect(formatBytes(512, 'en-US')).toBe('512 B');
    expect(formatBytes(2 * 1024 * 1024, 'en-US')).toBe('2 MB');
    expect(formatBytes(1536, 'en-US')).toBe('1.5 KB');
    expect(formatBytes(10 * 1024 ** 3, 'en-US')).toBe('10 GB');
    expect(formatBytes(1536, 'de-DE')).toBe('1,5 KB');
  });

  it('bounds the share of a limit', () => {
    expect(usedShare(50, 200)).toBe(0.25);
    expect(usedShare(300, 200)).toBe(1);
    expect(usedShare(0, 0)).toBe(1);
  });
});
