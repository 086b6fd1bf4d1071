import { describe, expect, it } from 'vitest';
import { casePath, casePathOfId, casePathOfNotice } from './casePaths';

describe('case addresses', () => {
  it('link by persona id, or by database id in the dotted form', () => {
    expect(casePath('1006000000')).toBe('/player/1006000000');
    expect(casePathOfId(12)).toBe('/player/..12');
  });

  it('link a notification to its case by persona id, by database id for older ones, or nowhere', () => {
    expect(casePathOfNotice({ playerId: 12, personaId: '1006000000' })).toBe('/player/1006000000');
    expect(casePathOfNotice({ playerId: 12 })).toBe('/player/..12');
    expect(casePathOfNotice({ playerId: 12, personaId: null })).toBe('/player/..12');
    expect(casePathOfNotice({ playerId: null })).toBeNull();
    expect(casePathOfNotice({})).toBeNull();
  });
});
