import { describe, expect, it } from 'vitest';
import { isExpired, newCode } from './verifications';

describe('verification codes', () => {
  it('are 64 alphanumeric characters, different each time', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newCode()));
    expect(codes.size).toBe(200);
    for (const c of codes) expect(c).toMatch(/^[A-Za-z0-9]{64}$/);
  });

  it('expire at their expiry time, not after', () => {
    const now = Date.now();
    expect(isExpired({ expiresTime: new Date(now + 1) }, now)).toBe(false);
    expect(isExpired({ expiresTime: new Date(now) }, now)).toBe(true);
    expect(isExpired({ expiresTime: new Date(now - 1) }, now)).toBe(true);
  });
});
