// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { introductionToText, textToIntroduction } from './introduction';

describe('introduction editing as plain text', () => {
  it('reads paragraphs and line breaks as lines', () => {
    expect(introductionToText('<p>Medic main.</p><p>I report what I see.</p>')).toBe('Medic main.\nI report what I see.');
    expect(introductionToText('<p>one<br>two</p>')).toBe('one\ntwo');
    expect(introductionToText('plain &amp; simple')).toBe('plain & simple');
    expect(introductionToText('')).toBe('');
  });

  it('writes each non-empty line as an escaped paragraph', () => {
    expect(textToIntroduction('Engineer.\n\n  I fix <b>things</b> & more  ')).toBe('<p>Engineer.</p><p>I fix &#60;b&#62;things&#60;/b&#62; &#38; more</p>');
    expect(textToIntroduction('   ')).toBe('');
  });

  it('survives a round trip', () => {
    const text = 'Line one\nLine <two> & "three"';
    expect(introductionToText(textToIntroduction(text))).toBe(text);
  });
});
