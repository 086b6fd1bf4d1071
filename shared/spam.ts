/** Anti-spam rules shared by reports, replies and judgements (the original's, kept). */

/** Any character repeated this many times in a row is spam. */
const REPEAT_LIMIT = 8;
/** Texts at least this similar to the author's previous one on the same case are duplicates. */
export const DUPLICATE_SIMILARITY = 0.96;

/** Tags inside a line of text (the allowlist's inline ones): a reader sees no space where they open or close. */
const INLINE_TAG = /<\/?(?:a|b|i|u|em|strong|span|code)(?:\s[^>]*)?>/gi;

/**
 * Visible text of user HTML, as a reader sees it: inline tags out with nothing in their place
 * (`<b>ab</b>cd` is four characters), every other tag a space (paragraphs, breaks, list items),
 * entities and whitespace folded.
 */
export function plainText(html: string): string {
  return html
    .replace(INLINE_TAG, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

export function hasRepeatedRun(text: string, limit = REPEAT_LIMIT): boolean {
  let run = 1;
  for (let i = 1; i < text.length; i++) {
    if (text[i] === text[i - 1] && text[i] !== ' ') {
      run += 1;
      if (run >= limit) return true;
    } else run = 1;
  }
  return false;
}
