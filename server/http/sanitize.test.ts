import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize';

describe('sanitizeRichText', () => {
  it('keeps the whitelisted formatting', () => {
    const html = '<p>Hello <b>bold</b> <i>it</i> <u>u</u> <strong>s</strong></p><ul><li>one</li></ul><br /><hr />';
    expect(sanitizeRichText(html)).toBe('<p>Hello <b>bold</b> <i>it</i> <u>u</u> <strong>s</strong></p><ul><li>one</li></ul><br /><hr />');
  });

  it('removes scripts, styles and event handlers', () => {
    const out = sanitizeRichText('<p onclick="x()">a</p><script>alert(1)</script><style>p{}</style><img src="https://i.example/a.png" onerror="alert(1)">');
    expect(out).toBe('<p>a</p><img src="https://i.example/a.png" />');
  });

  it('refuses javascript: and data: links and images', () => {
    const out = sanitizeRichText('<a href="javascript:alert(1)">x</a><img src="data:image/png;base64,AAAA"><a href="//evil.example">y</a>');
    expect(out).not.toMatch(/javascript:|data:|evil\.example/);
  });

  it('opens links safely in a new tab', () => {
    expect(sanitizeRichText('<a href="https://bfban.example/player/1">case</a>')).toBe(
      '<a href="https://bfban.example/player/1" target="_blank" rel="noopener noreferrer nofollow">case</a>',
    );
  });

  it('keeps plain text and escapes stray markup characters', () => {
    expect(sanitizeRichText('a < b & c')).toBe('a &lt; b &amp; c');
  });
});
