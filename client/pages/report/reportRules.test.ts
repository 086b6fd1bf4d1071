import { describe, expect, it } from 'vitest';
import { hasLookalikes, joinLinks, linkProblem, lookalikeRuns, reportProblems, type ReportDraft } from './reportRules';

const draft = (over: Partial<ReportDraft> = {}): ReportDraft => ({
  game: 'bf1',
  originName: 'SneakyPete',
  cheatMethods: ['aimbot'],
  videoLinks: ['https://www.youtube.com/watch?v=x'],
  description: '<p>Seen it.</p>',
  ...over,
});

describe('reportProblems', () => {
  it('accepts a complete report', () => {
    expect(reportProblems(draft())).toEqual({});
  });

  it('asks for one game ID of letters, digits, _ and -', () => {
    expect(reportProblems(draft({ originName: ' ' })).originName).toBe('required');
    expect(reportProblems(draft({ originName: 'Pete Sam' })).originName).toBe('oneId');
    expect(reportProblems(draft({ originName: '[TAG]Pete' })).originName).toBe('idCharacters');
    expect(reportProblems(draft({ originName: 'a'.repeat(65) })).originName).toBe('idTooLong');
  });

  it('needs a cheat method', () => {
    expect(reportProblems(draft({ cheatMethods: [] })).cheatMethods).toBe('noMethod');
  });

  it('refuses links that are not on a video site', () => {
    expect(reportProblems(draft({ videoLinks: ['https://pan.baidu.com/s/1'] })).videoLinks).toBe('badLinks');
    expect(reportProblems(draft({ videoLinks: ['https://example.com/clip'] })).videoLinks).toBe('badLinks');
    expect(reportProblems(draft({ videoLinks: ['https://youtu.be/a', ''] })).videoLinks).toBeUndefined();
  });

  it('keeps all links within 255 characters', () => {
    const long = `https://www.youtube.com/watch?v=${'x'.repeat(120)}`;
    expect(reportProblems(draft({ videoLinks: [long, long] })).videoLinks).toBe('linksTooLong');
  });

  it('takes an image in the description as evidence instead of a video', () => {
    expect(reportProblems(draft({ videoLinks: [''] })).videoLinks).toBe('noEvidence');
    expect(reportProblems(draft({ videoLinks: [], description: '<p><img src="https://img.example/a.png"></p>' }))).toEqual({});
    expect(reportProblems(draft({ videoLinks: [], description: '<p>watch https://www.youtube.com/watch?v=abc</p>' }))).toEqual({});
    expect(reportProblems(draft({ videoLinks: [], description: '<p>watch https://example.com/clip</p>' })).videoLinks).toBe('noEvidence');
    expect(reportProblems(draft({ videoLinks: [], description: '<p>see <img src="https://drive.google.com/x.png"></p>' })).videoLinks).toBe('noEvidence');
  });

  it('needs a description within the limit', () => {
    expect(reportProblems(draft({ description: '' })).description).toBe('required');
    expect(reportProblems(draft({ description: '<p> &nbsp;</p><p><br></p>' })).description).toBe('required');
    expect(reportProblems(draft({ description: 'x'.repeat(65536) })).description).toBe('descriptionTooLong');
  });
});

describe('evidence links', () => {
  it('say why a link is refused', () => {
    expect(linkProblem('https://www.bilibili.com/video/BV1')).toBeNull();
    expect(linkProblem('https://drive.google.com/file/d/1')).toBe('drive');
    expect(linkProblem('https://example.com/a.mp4')).toBe('notVideo');
    expect(linkProblem('youtube.com/watch?v=1')).toBe('invalid');
  });

  it('travel comma separated, without blanks', () => {
    expect(joinLinks([' https://youtu.be/a ', '', 'https://youtu.be/b'])).toBe('https://youtu.be/a,https://youtu.be/b');
  });
});

describe('look-alike characters', () => {
  it('are found and marked', () => {
    expect(hasLookalikes('Pete')).toBe(false);
    expect(hasLookalikes('I1lPete')).toBe(true);
    expect(lookalikeRuns('xI1lx0')).toEqual([
      { text: 'x', lookalike: false },
      { text: 'I1l', lookalike: true },
      { text: 'x', lookalike: false },
      { text: '0', lookalike: true },
    ]);
  });
});
