import { describe, expect, it } from 'vitest';
import { casePathOfId } from '@client/app/casePaths';
import { caseKeyOfOuid } from './ouid';

describe('caseKeyOfOuid', () => {
  it('reads a bare persona id', () => {
    expect(caseKeyOfOuid('1006000000')).toEqual({ personaId: '1006000000' });
  });

  it('uses the first part of the dotted form', () => {
    expect(caseKeyOfOuid('1006000000.1005000000.12')).toEqual({ personaId: '1006000000' });
  });

  it('falls back to the user id, then the database id, when earlier parts are empty', () => {
    expect(caseKeyOfOuid('.1005000000.12')).toEqual({ userId: '1005000000' });
    expect(caseKeyOfOuid('..12')).toEqual({ dbId: 12 });
  });

  it('reads old-site addresses as platform user ids', () => {
    expect(caseKeyOfOuid('1005000000', true)).toEqual({ userId: '1005000000' });
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'abc', '12a', '..0', '..99999999999', '1'.repeat(21), '-5']) expect(caseKeyOfOuid(bad), bad).toBeNull();
  });
});


describe('casePathOfId', () => {
  it('links by database id through the dotted form', () => {
    expect(caseKeyOfOuid(casePathOfId(12).slice('/player/'.length))).toEqual({ dbId: 12 });
  });
});
