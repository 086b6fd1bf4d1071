/**
 * Name keys for search: cheaters hide behind look-alike names (I1l, O0), so names are compared by a
 * key that folds case and the usual confusable characters into one.
 */
export const NAME_FOLD: Record<string, string> = {
  '1': 'i', l: 'i', '|': 'i', '!': 'i', j: 'i',
  '0': 'o', q: 'o',
  '5': 's', $: 's',
  '2': 'z',
  '3': 'e',
  '4': 'a', '@': 'a',
  '7': 't', '+': 't',
  '8': 'b',
  '9': 'g', '6': 'g',
  '-': '_', '.': '_', ' ': '_',
};

export function nameKey(name: string): string {
  const lower = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  let out = '';
  for (const ch of lower) out += NAME_FOLD[ch] ?? ch;
  // Multi-letter look-alikes after single letters are folded: rn -> m, vv -> w.
  return out.replace(/rn/g, 'm').replace(/vv/g, 'w');
}

/** Search needs this many characters (after folding). */
export const NAME_SEARCH_MIN = 3;
