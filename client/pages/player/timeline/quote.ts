import { LIMITS } from '@shared/limits';

/** The text of user HTML on one line, for previews. */
export function plainText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<(br|hr|\/p|\/div|\/li)\b[^>]*>/gi, ' $&'), 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** A quoted entry's text cut to 80 characters (spec §2), whole characters only. */
export function quotePreview(html: string, max: number = LIMITS.quotePreview): string {
  const text = plainText(html);
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max).join('').trimEnd()}…`;
}
