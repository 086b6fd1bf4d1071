/** Link dialog: an ftp, http or https address; the text is optional. */
export const LINK_URL = /^(?:ftp|https?):\/\/[^\s/$.?#][^\s]*$/i;
export const LINK_TEXT_MAX = 1000;

/** The character counter turns amber past half the limit and red over it. */
export function counterTone(length: number, max: number): 'normal' | 'warning' | 'over' {
  if (length > max) return 'over';
  return length > max / 2 ? 'warning' : 'normal';
}
