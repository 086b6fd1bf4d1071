import { describe, expect, it } from 'vitest';
import { refreshWaitSeconds } from './captchaCountdown';

describe('refreshWaitSeconds', () => {
  const t0 = 1_000_000;

  it('lets a first refresh happen at once', () => {
    expect(refreshWaitSeconds(null, t0)).toBe(0);
  });

  it('counts 60 seconds down from the last manual refresh', () => {
    expect(refreshWaitSeconds(t0, t0)).toBe(60);
    expect(refreshWaitSeconds(t0, t0 + 500)).toBe(60);
    expect(refreshWaitSeconds(t0, t0 + 59_001)).toBe(1);
    expect(refreshWaitSeconds(t0, t0 + 60_000)).toBe(0);
  });

  it('does not lock forever when the stored time is in the future (clock changed)', () => {
    expect(refreshWaitSeconds(t0 + 3_600_000, t0)).toBe(0);
  });
});
