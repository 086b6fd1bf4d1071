import { describe, expect, it } from 'vitest';
import { formatQuotaBytes, usedShare } from './quotaFormat';

describe('media formatting', () => {
  it('reads bytes in 1024-based units', () => {
    expect(formatQuotaBytes(512, 'en-US')).toBe('512 B');
    expect(formatQuotaBytes(2 * 1024 * 1024, 'en-US')).toBe('2 MB');
    expect(formatQuotaBytes(1536, 'en-US')).toBe('1.5 KB');
    expect(formatQuotaBytes(10 * 1024 ** 3, 'en-US')).toBe('10 GB');
    expect(formatQuotaBytes(1536, 'de-DE')).toBe('1,5 KB');
  });

  it('bounds the share of a limit', () => {
    expect(usedShare(50, 200)).toBe(0.25);
    expect(usedShare(300, 200)).toBe(1);
    expect(usedShare(0, 0)).toBe(1);
  });
});
