export type PagerItem = number | 'gap';

/**
 * The page numbers a pager shows: always the first and last, the current one with `around`
 * neighbours each side, and a gap wherever pages are skipped (a gap never hides just one page).
 */
export function pagerItems(page: number, count: number, around = 1): PagerItem[] {
  const shown = new Set([1, count]);
  for (let p = page - around; p <= page + around; p++) if (p >= 1 && p <= count) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  for (const p of sorted) {
    const prev = items.at(-1);
    if (typeof prev === 'number' && p - prev === 2) items.push(prev + 1);
    else if (typeof prev === 'number' && p - prev > 2) items.push('gap');
    items.push(p);
  }
  return items;
}
