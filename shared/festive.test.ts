import { describe, expect, it } from 'vitest';
import { dateInZone, isFestive } from './festive';

describe('festive window (Asia/Shanghai, UTC+8)', () => {
  it('starts at midnight of 2024-12-31 in the site zone', () => {
    expect(isFestive(new Date('2024-12-30T15:59:59Z'))).toBe(false); // 23:59:59 on the 30th in Shanghai
    expect(isFestive(new Date('2024-12-30T16:00:00Z'))).toBe(true); // 00:00 on the 31st
  });
  it('ends after the whole of 2025-02-04 in the site zone', () => {
    expect(isFestive(new Date('2025-02-04T15:59:59Z'))).toBe(true); // 23:59:59 on the 4th
    expect(isFestive(new Date('2025-02-04T16:00:00Z'))).toBe(false); // 00:00 on the 5th
  });
  it('is off well outside the window', () => {
    expect(isFestive(new Date('2025-06-01T00:00:00Z'))).toBe(false);
    expect(isFestive(new Date('2025-12-31T12:00:00Z'))).toBe(false);
  });
  it('reads the calendar date in the zone', () => {
    expect(dateInZone(new Date('2025-01-15T20:00:00Z'))).toBe('2025-01-16');
  });
});
