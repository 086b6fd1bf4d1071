import { describe, expect, it } from 'vitest';
import { appealFailureAction, appealOutcomeOf, confirmingVoters, JUDGE_ACTIONS, methodsOfLatestVerdicts, statusAfterJudgement, type JudgeAction } from './judgement';

/**
 * The original's transition table, written out cell by cell ("-" = unchanged); status 6 + guilt depends on
 * the votes and is checked below. Rows: from status 0..8; columns: the actions in this order.
 */
const COLUMNS: JudgeAction[] = ['suspect', 'innocent', 'invalid', 'discuss', 'guilt', 'more', 'kill', 'farm'];
const TABLE: Record<number, Array<number | '-' | 'vote'>> = {
  0: [2, 3, 4, 5, 6, 7, 1, 8],
  1: [2, 3, 4, 5, '-', 7, '-', 8],
  2: ['-', 3, 4, 5, 6, 7, 1, 8],
  3: [2, '-', 4, 5, 6, 7, 1, 8],
  4: [2, 3, '-', 5, 6, 7, 1, 8],
  5: [2, 3, 4, '-', 6, 7, 1, 8],
  7: [2, 3, 4, 5, 6, '-', 1, 8],
  8: [2, 3, 4, 5, 6, 7, 1, '-'],
  6: [2, 3, 4, '-', 'vote', 7, 1, 8],
};

describe('statusAfterJudgement follows the reference transition table', () => {
  for (const [fromText, row] of Object.entries(TABLE)) {
    const from = Number(fromText);
    row.forEach((cell, i) => {
      const action = COLUMNS[i]!;
      if (cell === 'vote') return;
      it(`${from} + ${action} -> ${cell}`, () => {
        const expected = cell === '-' ? from : cell;
        expect(statusAfterJudgement(from, action, false)).toBe(expected);
        expect(statusAfterJudgement(from, action, true)).toBe(expected);
      });
    });
  }
  it('6 + guilt confirms only with enough votes', () => {
    expect(statusAfterJudgement(6, 'guilt', false)).toBe(6);
    expect(statusAfterJudgement(6, 'guilt', true)).toBe(1);
  });
  it('guilt from any other status only reaches 6, even with votes', () => {
    for (const from of [0, 2, 3, 4, 5, 7, 8]) expect(statusAfterJudgement(from, 'guilt', true)).toBe(6);
  });
  it('status 9 never moves by the table', () => {
    for (const a of JUDGE_ACTIONS) expect(statusAfterJudgement(9, a, true)).toBe(9);
  });
});

describe('confirmingVoters', () => {
  it('collects distinct admins of the leading guilt/kill run', () => {
    expect(confirmingVoters([{ action: 'guilt', byUserId: 2 }, { action: 'kill', byUserId: 3 }, { action: 'guilt', byUserId: 4 }])).toEqual([2, 3, 4]);
  });
  it('counts one admin once', () => {
    expect(confirmingVoters([{ action: 'guilt', byUserId: 2 }, { action: 'guilt', byUserId: 2 }])).toEqual([2]);
  });
  it('stops at any other judgement', () => {
    expect(confirmingVoters([{ action: 'guilt', byUserId: 2 }, { action: 'discuss', byUserId: 3 }, { action: 'guilt', byUserId: 4 }])).toEqual([2]);
    expect(confirmingVoters([{ action: 'more', byUserId: 2 }, { action: 'guilt', byUserId: 4 }])).toEqual([]);
  });
});

describe('appealOutcomeOf', () => {
  it('fails on guilt/kill, accepts on a lenient verdict, stays open on discuss/more', () => {
    expect(appealOutcomeOf('guilt')).toBe('fail');
    expect(appealOutcomeOf('kill')).toBe('fail');
    for (const a of ['innocent', 'farm', 'invalid', 'suspect'] as const) expect(appealOutcomeOf(a)).toBe('accept');
    expect(appealOutcomeOf('discuss')).toBeNull();
    expect(appealOutcomeOf('more')).toBeNull();
  });
});

describe('methodsOfLatestVerdicts', () => {
  const j = (action: string, methods: string[] | null = null) => ({ type: 'judgement', action, methods });
  const report = (methods: string[]) => ({ type: 'report', action: null, methods });
  it('takes the latest run of guilt/kill votes, across the judgement that ended it, not older runs', () => {
    expect(methodsOfLatestVerdicts([j('suspect'), j('guilt', ['aimbot']), j('guilt', ['wallhack', 'aimbot']), j('discuss'), j('guilt', ['teleport'])]).sort()).toEqual(['aimbot', 'wallhack']);
  });
  it('falls back to what the reports named when no vote of guilt came before', () => {
    expect(methodsOfLatestVerdicts([j('suspect'), report(['wallhack']), report(['aimbot', 'wallhack'])]).sort()).toEqual(['aimbot', 'wallhack']);
    expect(methodsOfLatestVerdicts([])).toEqual([]);
  });
  it('a failed appeal returns a suspect with a suspect verdict, a confirmed case with guilt', () => {
    expect([appealFailureAction(2), appealFailureAction(1)]).toEqual(['suspect', 'guilt']);
  });
});
