// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '@server/http/sanitize';
import { cleanHtml } from './cleanHtml';
import { LINK_URL, counterTone } from './rules';

/** What Lexical writes for a paragraph with bold, italic, underline, a link, an image and a rule. */
const LEXICAL =
  '<p class="p" dir="ltr"><span style="white-space: pre-wrap;">Plain </span><b><strong class="bold" style="white-space: pre-wrap;">bold</strong></b>' +
  '<i><em class="italic">it</em></i><u><span class="underline">u</span></u>' +
  '<a href="https://example.com/x" rel="noreferrer" class="link"><span>site</span></a><img src="https://img.example/a.png" alt="shot"></p><hr class="hr"><p><br></p>';

describe('cleanHtml', () => {
  it('keeps the formatting and drops the editor’s classes, styles and spans', () => {
    expect(cleanHtml(LEXICAL)).toBe(
      '<p>Plain <strong>bold</strong><em>it</em><u>u</u>' +
        '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer nofollow">site</a><img src="https://img.example/a.png" alt="shot"></p><hr><p><br></p>',
    );
  });

  it('gives an empty value for an empty editor', () => {
    expect(cleanHtml('<p><br></p>')).toBe('');
    expect(cleanHtml('<p class="x"><span>  </span></p>')).toBe('');
    expect(cleanHtml('')).toBe('');
  });

  it('keeps content made only of an image or a rule', () => {
    expect(cleanHtml('<p><img src="https://img.example/a.png"></p>')).toBe('<p><img src="https://img.example/a.png"></p>');
    expect(cleanHtml('<hr>')).toBe('<hr>');
  });

  it('drops unsafe addresses and tags the server refuses', () => {
    expect(cleanHtml('<p><a href="javascript:alert(1)">x</a><img src="data:image/png;base64,AA"><script>1</script><font>title</font></p><h1>head</h1>')).toBe('<p>xtitle</p>head');
  });

  it('writes nothing the server would change', () => {
    const clean = cleanHtml(LEXICAL);
    const reparse = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
    expect(reparse(sanitizeRichText(clean))).toBe(clean);
  });
});

describe('editor rules', () => {
  it('accept ftp, http and https links only', () => {
    for (const ok of ['https://example.com', 'http://a.b/c?d=e', 'ftp://files.example.org/x.zip']) expect(LINK_URL.test(ok), ok).toBe(true);
    for (const bad of ['example.com', 'mailto:a@b.c', 'javascript:alert(1)', 'https://', 'https://exa mple.com']) expect(LINK_URL.test(bad), bad).toBe(false);
  });

  it('colour the counter amber past half and red over the limit', () => {
    expect(counterTone(2500, 5000)).toBe('normal');
    expect(counterTone(2501, 5000)).toBe('warning');
    expect(counterTone(5000, 5000)).toBe('warning');
    expect(counterTone(5001, 5000)).toBe('over');
  });
});
