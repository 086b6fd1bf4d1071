import { describe, expect, it } from 'vitest';
import { parseZone, utcOffsetAt } from './zone';

describe('--time-zone', () => {
  it('refuses abbreviations and legacy names, which name several zones, pointing at an offset', () => {
    for (const name of ['CST', 'IST', 'EST', 'PRC', 'EST5EDT']) expect(() => parseZone(name)).toThrow(/ambiguous.*\+08:00/);
  });

  it('takes offsets and IANA zones, and tells their offset from UTC at an instant', () => {
    const summer = new Date('2024-07-01T12:00:00Z');
    expect(utcOffsetAt(parseZone('+08:00'), summer)).toBe('+08:00');
    expect(utcOffsetAt(parseZone('-05:30'), summer)).toBe('-05:30');
    expect(utcOffsetAt(parseZone('UTC'), summer)).toBe('+00:00');
    expect(utcOffsetAt(parseZone('Asia/Shanghai'), summer)).toBe('+08:00');
    expect(utcOffsetAt(parseZone('America/Chicago'), summer)).toBe('-05:00');
    expect(utcOffsetAt(parseZone('America/Chicago'), new Date('2024-01-15T12:00:00Z'))).toBe('-06:00');
    expect(parseZone('+0800').name).toBe('+08:00');
    expect(parseZone('Asia/Shanghai').instant('2024-07-01 20:00:00')).toEqual(summer);
  });
});
