import { describe, expect, it } from 'vitest';
import { replyProblem, visibleLength } from './reply';

describe('replyProblem', () => {
  it('refuses empty, single-character and overlong replies', () => {
    expect(replyProblem('')).toBe('empty');
    expect(replyProblem('<p> &nbsp; </p>')).toBe('empty');
    expect(replyProblem('x')).toBe('tooShort');
    expect(replyProblem('<p> x </p>')).toBe('tooShort');
    expect(replyProblem('<p>👍🏽</p>')).toBe('tooShort');
    expect(replyProblem(`<p>${'a'.repeat(5000)}</p>`)).toBe('tooLong');
  });

  it('accepts two characters or more, and images', () => {
    expect(replyProblem('ok')).toBeNull();
    expect(replyProblem('<p>是的</p>')).toBeNull();
    expect(replyProblem('<p><img src="https://img.example/a.png"></p>')).toBeNull();
    expect(visibleLength('e\u0301a')).toBe(2);
    expect(visibleLength('👍🏽ab')).toBe(3);
    expect(visibleLength('a'.repeat(50), 2)).toBe(2);
    expect(visibleLength('e\u0301', 2)).toBe(1);
  });
});
