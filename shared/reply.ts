import { LIMITS } from './limits';
import { plainText } from './spam';

/** Why a reply cannot be posted; keys under `reply.` in the locales. */
export type ReplyProblem = 'empty' | 'tooShort' | 'tooLong';

/** Visible characters as a reader counts them (an emoji or an accented letter is one). */
export function visibleLength(text: string): number {
  return [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].length;
}

/**
 * The rule for a reply's HTML (spec §5), applied by the reply form and the server alike: some
 * visible text of at least `LIMITS.replyMinChars` characters — a single character is meaningless —
 * or an image, and no more than `LIMITS.replyMax` characters of HTML.
 */
export function replyProblem(html: string): ReplyProblem | null {
  if (html.length > LIMITS.replyMax) return 'tooLong';
  const text = plainText(html);
  const image = /<img\b/i.test(html);
  if (!text && !image) return 'empty';
  if (text && !image && visibleLength(text) < LIMITS.replyMinChars) return 'tooShort';
  return null;
}
