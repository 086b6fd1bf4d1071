/**
 * Characters a file name keeps out: C0/C1 controls, line and paragraph separators, the byte-order
 * mark, and the direction marks and overrides (U+202E turns `gnp.exe` into what reads as `exe.png`).
 * Joiners stay: emoji sequences need them.
 */
const UNWANTED = /[\p{Cc}\u2028\u2029\uFEFF\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;
/** Halves of a surrogate pair with no other half (a string no UTF-8 column can hold). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * An uploaded file's own name as a client gave it, made safe to store and show: Unicode NFC, the
 * last segment of a path (`C:\shots\a.png` and `../a.png` are `a.png`), without the characters
 * above, trimmed. An empty answer means the client gave no usable name.
 */
export function cleanFileName(raw: string): string {
  const text = raw.replace(LONE_SURROGATE, '\uFFFD').normalize('NFC').replace(UNWANTED, '');
  const last = (text.split(/[/\\]/).pop() ?? '').trim();
  return last === '.' || last === '..' ? '' : last;
}
