import { describe, expect, it } from 'vitest';
import { formatBytes } from './format';

describe('formatBytes', () => {
  it('gives small files in bytes and larger ones in kB or MB, in the language', () => {
    expect(formatBytes(181, 'en-US')).toBe('181 bytes');
    expect(formatBytes(1, 'en-US')).toBe('1 byte');
    expect(formatBytes(1023, 'en-US')).toBe('1,023 bytes');
    expect(formatBytes(2560, 'en-US')).toBe('2.5 kB');
    expect(formatBytes(300 * 1024, 'en-US')).toBe('300 kB');
    expect(formatBytes(16 * 1024 * 1024, 'en-US')).toBe('16 MB');
    expect(formatBytes(2560, 'de-DE')).toBe('2,5 kB');
    expect(formatBytes(181, 'de-DE')).toBe('181 Byte');
  });
});
