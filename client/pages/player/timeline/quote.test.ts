// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { plainText } from '@client/html/plainText';
import { quotePreview } from './quote';

describe('quote previews', () => {
  it('read user HTML as one line of text', () => {
    expect(plainText('<p>First <b>line</b></p><p>second&nbsp;line<br>third &amp; last</p>')).toBe('First line second line third & last');
    expect(plainText('<img src="https://x/y.png"><hr>')).toBe('');
  });

  it('cut long text to 80 characters', () => {
    const long = `<p>${'word '.repeat(30)}</p>`;
    const preview = quotePreview(long);
    expect(preview.endsWith('…')).toBe(true);
    expect([...preview].length).toBeLessThanOrEqual(81);
    expect(quotePreview('<p>short</p>')).toBe('short');
  });

  it('never split a character made of two code units', () => {
    expect(quotePreview('😀'.repeat(100), 3)).toBe('😀😀😀…');
  });
});
