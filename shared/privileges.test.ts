import { describe, expect, it } from 'vitest';
import { canSkipCaptcha, hasAdminLevel, isAdmin, isLocked, PRIVILEGES, PRIVILEGE_WEIGHT, weightOf } from './privileges';

describe('admin levels', () => {
  it.each([
    [['admin'], true, false, false, false],
    [['super'], true, true, false, false],
    [['dev'], true, true, true, false],
    [['root'], true, true, true, true],
    [['normal'], false, false, false, false],
    [['volunteer', 'normal'], false, false, false, false],
    [['bot'], false, false, false, false],
    [['blacklisted'], false, false, false, false],
    [[], false, false, false, false],
  ])('%j: levels 1-4 = %s %s %s %s', (roles, l1, l2, l3, l4) => {
    expect([hasAdminLevel(roles, 1), hasAdminLevel(roles, 2), hasAdminLevel(roles, 3), hasAdminLevel(roles, 4)]).toEqual([l1, l2, l3, l4]);
    expect(isAdmin(roles)).toBe(l1);
  });

  it('ignores roles it does not know', () => {
    expect(isAdmin(['administrator', 'Root'])).toBe(false);
  });
});

describe('canSkipCaptcha', () => {
  it.each([
    [['bot'], true],
    [['dev'], true],
    [['normal', 'bot'], true],
    [['root'], false],
    [['super'], false],
    [['admin'], false],
    [['normal'], false],
  ])('%j -> %s', (roles, expected) => {
    expect(canSkipCaptcha(roles)).toBe(expected);
  });
});

describe('isLocked', () => {
  it.each([
    [['blacklisted'], true],
    [['freezed'], true],
    [['admin', 'freezed'], true],
    [['normal'], false],
    [['volunteer', 'normal'], false],
  ])('%j -> %s', (roles, expected) => {
    expect(isLocked(roles)).toBe(expected);
  });
});

describe('weightOf', () => {
  it('is the heaviest role', () => {
    expect(weightOf(['normal', 'admin'])).toBe(40);
    expect(weightOf(['dev', 'super'])).toBe(85);
    expect(weightOf(['root'])).toBe(200);
    expect(weightOf(['blacklisted'])).toBe(0);
    expect(weightOf([])).toBe(0);
    expect(weightOf(['unknown'])).toBe(0);
  });

  it('gives every privilege a weight, root heaviest', () => {
    for (const p of PRIVILEGES) expect(PRIVILEGE_WEIGHT[p]).toBeTypeOf('number');
    expect(Math.max(...Object.values(PRIVILEGE_WEIGHT))).toBe(PRIVILEGE_WEIGHT.root);
  });
});
