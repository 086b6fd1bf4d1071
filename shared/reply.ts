import { LIMITS } from './limits';
import { plainText } from './spam';

/** Why a reply cannot be posted; keys under `reply.` in the locales. */
export type ReplyProblem = 'empty' | 'tooShort' | 'tooLong';

/** Built once: making a segmenter resolves a locale, which costs more than a reply's whole check. */
let graphemes: Intl.Segmenter | undefined;

/**
 * Visible characters as a reader counts them (an emoji or an accented letter is one), counted up
 * to `atMost`: a rule asking for a few characters need not walk a long reply.
 */
export function visibleLength(text: string, atMost = Infinity): number {
  graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let n = 0;
  for (const _ of graphemes.segment(text)) if (++n >= atMost) break;
  return n;
}

/** User HTML that shows nothing: no visible text and no image (replies, reports and messages need one; setComment deletes such an entry). */
export const isBlankHtml = (html: string) => !plainText(html) && !/<img\b/i.test(html);

/**
 * The rule for a reply's HTML, applied by the reply form and the server alike: some
 * visible text of at least `LIMITS.replyMinChars` characters — a single character is meaningless —
 * or an image, and no more than `LIMITS.replyMax` characters of HTML.
 */
export function replyProblem(html: string): ReplyProblem | null {
  if (html.length > LIMITS.replyMax) return 'tooLong';
  if (isBlankHtml(html)) return 'empty';
  const text = plainText(html);
  const image = /<img\b/i.test(html);
  if (text && !image && visibleLength(text, LIMITS.replyMinChars) < LIMITS.replyMinChars) return 'tooShort';
  return null;
}
