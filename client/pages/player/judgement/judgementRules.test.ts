import { describe, expect, it } from 'vitest';
import { LIMITS } from '@shared/limits';
import type { VoteTally } from '@shared/types/cases';
import { actionsFor, EMPTY_JUDGEMENT, isSelectableLevel, judgementFields, judgementPayload, judgementProblems, tallyLine, verdictHint, type JudgementDraft } from './judgementRules';

const draft = (over: Partial<JudgementDraft>): JudgementDraft => ({ ...EMPTY_JUDGEMENT, ...over });
const REASON = '<p>Tracks players through walls at 02:13 and 05:40.</p>';

describe('actionsFor', () => {
  it('offers kill to super and root only', () => {
    expect(actionsFor(['admin'])).not.toContain('kill');
    expect(actionsFor(['admin'])).toEqual(expect.arrayContaining(['guilt', 'suspect', 'innocent', 'invalid', 'discuss', 'more', 'farm']));
    expect(actionsFor(['super'])).toContain('kill');
    expect(actionsFor(['root'])).toContain('kill');
  });

  it('offers nothing to members, volunteers, bots or devs', () => {
    for (const roles of [['normal'], ['volunteer'], ['bot'], ['dev'], []]) expect(actionsFor(roles), roles.join()).toEqual([]);
  });
});

describe('judgementFields', () => {
  it('asks for cheat methods on guilt and kill only', () => {
    for (const action of ['guilt', 'kill'] as const) expect(judgementFields(draft({ action })).cheatMethods).toBe(true);
    for (const action of ['suspect', 'innocent', 'invalid', 'discuss', 'more', 'farm', ''] as const) expect(judgementFields(draft({ action })).cheatMethods).toBe(false);
  });

  it('shows the hacker level once methods are chosen for guilt or kill', () => {
    expect(judgementFields(draft({ action: 'guilt' })).hackerLevel).toBe(false);
    expect(judgementFields(draft({ action: 'guilt', cheatMethods: ['aimbot'] })).hackerLevel).toBe(true);
    expect(judgementFields(draft({ action: 'kill', cheatMethods: ['aimbot'] })).hackerLevel).toBe(true);
    // Methods left over from an earlier choice do not count for other actions.
    expect(judgementFields(draft({ action: 'invalid', cheatMethods: ['aimbot'] })).hackerLevel).toBe(false);
  });

  it('lets only level 4 be chosen', () => {
    expect([1, 2, 3, 4].filter(isSelectableLevel)).toEqual([4]);
  });
});

describe('judgementProblems', () => {
  it('asks to fill everything when nothing is filled', () => {
    expect(judgementProblems(EMPTY_JUDGEMENT, ['admin'])).toEqual({ form: 'fillEverything' });
  });

  it('needs an action and a reasoning', () => {
    expect(judgementProblems(draft({ content: REASON }), ['admin'])).toEqual({ action: 'actionRequired' });
    expect(judgementProblems(draft({ action: 'discuss' }), ['admin'])).toEqual({ content: 'contentRequired' });
    expect(judgementProblems(draft({ action: 'discuss', content: REASON }), ['admin'])).toEqual({});
  });

  it('needs cheat methods for guilt and kill', () => {
    expect(judgementProblems(draft({ action: 'guilt', content: REASON }), ['admin'])).toEqual({ cheatMethods: 'methodsRequired' });
    expect(judgementProblems(draft({ action: 'kill', content: REASON }), ['root'])).toEqual({ cheatMethods: 'methodsRequired' });
    expect(judgementProblems(draft({ action: 'guilt', cheatMethods: ['wallhack'], content: REASON }), ['admin'])).toEqual({});
  });

  it('refuses kill to admins', () => {
    expect(judgementProblems(draft({ action: 'kill', cheatMethods: ['aimbot'], content: REASON }), ['admin'])).toEqual({ action: 'notAllowed' });
    expect(judgementProblems(draft({ action: 'kill', cheatMethods: ['aimbot'], content: REASON }), ['super'])).toEqual({});
  });

  it('counts the visible text of the reasoning: at least 5 characters, trimmed', () => {
    expect(judgementProblems(draft({ action: 'invalid', content: '<p>  abcd  </p>' }), ['admin'])).toEqual({ content: 'tooShort' });
    expect(judgementProblems(draft({ action: 'invalid', content: '<p><b>ab</b> <i>c</i></p>' }), ['admin'])).toEqual({ content: 'tooShort' });
    expect(judgementProblems(draft({ action: 'invalid', content: '<p>abcde</p>' }), ['admin'])).toEqual({});
    expect(judgementProblems(draft({ action: 'invalid', content: '<p>   </p>' }), ['admin'])).toEqual({ content: 'contentRequired' });
  });

  it('refuses more than 60000 characters', () => {
    const long = `<p>${'x'.repeat(LIMITS.judgementMax)}</p>`;
    expect(judgementProblems(draft({ action: 'invalid', content: long }), ['admin'])).toEqual({ content: 'tooLong' });
  });

  it('refuses a hacker level other than 4', () => {
    expect(judgementProblems(draft({ action: 'guilt', cheatMethods: ['aimbot'], hackerLevel: 2, content: REASON }), ['admin'])).toEqual({ hackerLevel: 'levelNotSelectable' });
    expect(judgementProblems(draft({ action: 'guilt', cheatMethods: ['aimbot'], hackerLevel: 4, content: REASON }), ['admin'])).toEqual({});
  });
});

describe('judgementPayload', () => {
  it('sends methods and level only with guilt and kill', () => {
    expect(judgementPayload(draft({ action: 'invalid', cheatMethods: ['aimbot'], hackerLevel: 4, content: REASON }), 7)).toEqual({
      toPlayerId: 7,
      action: 'invalid',
      content: REASON,
      cheatMethods: null,
      hackerLevel: null,
    });
    expect(judgementPayload(draft({ action: 'guilt', cheatMethods: ['aimbot', 'wallhack'], hackerLevel: 4, content: REASON }), 7)).toEqual({
      toPlayerId: 7,
      action: 'guilt',
      content: REASON,
      cheatMethods: ['aimbot', 'wallhack'],
      hackerLevel: 4,
    });
  });
});

describe('tallyLine', () => {
  const tally = (voters: number, status = 6): VoteTally => ({ playerId: 1, status, needed: 2, voters: Array.from({ length: voters }, (_, i) => ({ id: i + 1, username: `admin${i + 1}` })) });

  it('counts the votes while the case waits for them (status 6)', () => {
    expect(tallyLine(tally(1), 6)).toEqual({ count: 1, needed: 2, voters: ['admin1'] });
    expect(tallyLine(null, 6)).toEqual({ count: 0, needed: 2, voters: [] });
  });

  it('shows nothing in any other status', () => {
    for (const status of [0, 1, 2, 5, 9]) expect(tallyLine(tally(2, status), status)).toBeNull();
  });

  it('ignores a tally of another status than the case now has', () => {
    expect(tallyLine(tally(1, 1), 6)).toEqual({ count: 0, needed: 2, voters: [] });
  });

  it('names voters without a name by their id', () => {
    expect(tallyLine({ playerId: 1, status: 6, needed: 2, voters: [{ id: 9, username: null }] }, 6)?.voters).toEqual(['#9']);
  });
});

describe('the verdict hint', () => {
  it('explains each verdict only with the judgement tips on', () => {
    expect(verdictHint('', { appeal: false, tips: true })).toEqual({ key: 'judgement.actionHint' });
    expect(verdictHint('suspect', { appeal: false, tips: true })).toEqual({ key: 'judgement.actionHints.suspect', status: 2 });
    expect(verdictHint('suspect', { appeal: false, tips: false })).toBeNull();
    expect(verdictHint('', { appeal: true, tips: false })).toBeNull();
  });

  it('always says what a verdict does to an open appeal', () => {
    expect(verdictHint('innocent', { appeal: true, tips: false })).toEqual({ key: 'judgement.appealOutcome.accept' });
    expect(verdictHint('kill', { appeal: true, tips: true })).toEqual({ key: 'judgement.appealOutcome.fail' });
    expect(verdictHint('discuss', { appeal: true, tips: true })).toEqual({ key: 'judgement.appealOutcome.none' });
  });
});
