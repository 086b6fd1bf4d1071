import { LIMITS } from '@shared/limits';
import { plainText } from '@client/html/plainText';

/** A quoted entry's text cut to 80 characters, whole characters only. */
export function quotePreview(html: string, max: number = LIMITS.quotePreview): string {
  const text = plainText(html);
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max).join('').trimEnd()}…`;
}
