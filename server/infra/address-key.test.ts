import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key';

describe('the key a per-address limit counts by', () => {
  it('is an IPv4 address itself, an IPv4-mapped one as IPv4, an IPv6 one as its /64', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(addressKey('2001:DB8:AA:BB::9')).toBe('2001:db8:aa:bb::/64');
    expect(addressKey('2001:db8:aa:bc::9')).toBe('2001:db8:aa:bc::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('leaves what is not an address as it came (it still has a bucket of its own)', () => {
    expect(addressKey('unknown')).toBe('unknown');
    expect(addressKey('fe80::1%eth0:junk')).toBe('fe80::1%eth0:junk');
  });
});
