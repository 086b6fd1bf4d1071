import { describe, expect, it } from 'vitest';
import { JUDGE_ACTIONS } from '@shared/judgement';
import { STATUS_TONE, verdictTone } from './StatusBadge';

describe('status and verdict colours', () => {
  it('keeps red for confirmed cheaters; needs-more-evidence decides nothing and is neutral', () => {
    expect(STATUS_TONE[1]).toBe('danger');
    expect(STATUS_TONE[7]).toBe('neutral');
    expect(Object.entries(STATUS_TONE).filter(([, tone]) => tone === 'danger').map(([s]) => s)).toEqual(['1']);
  });

  it('gives each verdict the colour of the status it leads to', () => {
    expect(verdictTone('more')).toBe('neutral');
    expect(verdictTone('kill')).toBe('danger');
    expect(verdictTone('innocent')).toBe('success');
    expect(JUDGE_ACTIONS.filter((a) => verdictTone(a) === 'danger')).toEqual(['kill']);
    expect(verdictTone('something-new')).toBe('warning');
  });
});
