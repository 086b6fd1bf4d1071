import { describe, expect, it } from 'vitest';
import { casePath, casePathOfId } from './casePaths';

describe('case addresses', () => {
  it('link by persona id, or by database id in the dotted form', () => {
    expect(casePath('1006000000')).toBe('/player/1006000000');
    expect(casePathOfId(12)).toBe('/player/..12');
  });
});
