import { describe, expect, it } from 'vitest';
import { canSubmit } from './privileges';

describe('canSubmit', () => {
  it.each([
    [['normal'], true, 'ok'],
    [['normal'], false, 'needBind'],
    [['volunteer', 'normal'], false, 'needBind'],
    [['admin'], false, 'ok'],
    [['bot'], false, 'ok'],
    [['blacklisted'], true, 'locked'],
    [['freezed'], false, 'locked'],
    [['admin', 'blacklisted'], true, 'locked'],
  ] as const)('%j bound=%s -> %s', (roles, bound, expected) => {
    expect(canSubmit(roles, bound)).toBe(expected);
  });
});
