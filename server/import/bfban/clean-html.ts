import { sanitizeRichText } from '@server/http/sanitize';

/**
 * Tags kept as they are inside a paragraph: the inline ones the sanitiser gives back unchanged,
 * asked of the sanitiser itself once (a tag its allowlist changes or drops is not one of them).
 */
const INLINE = new Set(['strong', 'em', 'b', 'i', 'u', 'code'].filter((t) => sanitizeRichText(`<p>a<${t}>b</${t}>c</p>`) === `<p>a<${t}>b</${t}>c</p>`));
const TAG = /<(\/?)([a-z]+)>/g;
/** Characters the sanitiser rewrites in text (entities, markup, NUL, carriage returns): their text takes the slow path. */
const REWRITTEN = /[&<>\u0000\r]/;

/**
 * Whether the sanitiser would give `html` back unchanged, decided without it: text with nothing
 * it rewrites, in paragraphs (`<p>`, no attributes) holding text and the inline tags above,
 * properly nested and closed. Most entries of the original are such paragraphs; a million of them
 * through the sanitiser took the import five minutes. Anything else is sanitised.
 */
export function isPlainMarkup(html: string): boolean {
  const stack: string[] = [];
  let at = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(html); m; m = TAG.exec(html)) {
    if (REWRITTEN.test(html.slice(at, m.index))) return false;
    at = m.index + m[0].length;
    const [, closing, tag] = m as unknown as [string, string, string];
    if (closing) {
      if (stack.pop() !== tag) return false;
    } else if (tag === 'p' ? stack.length === 0 : stack.length > 0 && INLINE.has(tag)) stack.push(tag);
    else return false;
  }
  return stack.length === 0 && !REWRITTEN.test(html.slice(at));
}

/** Rich text as every content is stored here: sanitised, or as it is when sanitising would change nothing. */
export const cleanRichText = (html: string) => (isPlainMarkup(html) ? html : sanitizeRichText(html));
