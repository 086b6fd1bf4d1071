import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@client/i18n/format';
import { announce } from './announce';

/**
 * Focus after the reader went to another page of a list with its pager (`go`, the pager's `onGo`):
 * the link pressed is gone or redrawn while the page loads, and focus would fall back to the page.
 * Once the new page is `shown`, focus moves to the list (the element given `region`'s props) and
 * the page is said. A page changed otherwise (a filter, the address) moves nothing. `shown` must be
 * false on the render where the page changes until that page's items are in (`useRemote` is).
 */
export function usePagerFocus(page: number, pageCount: number, shown: boolean) {
  const { t } = useTranslation();
  const format = useFormat();
  const results = useRef<HTMLDivElement>(null);
  const wanted = useRef<number | null>(null);
  useEffect(() => {
    if (!shown || wanted.current !== page) return;
    wanted.current = null;
    results.current?.focus();
    announce(t('pager.shown', { page: format.number(page), pages: format.number(pageCount) }));
  }, [page, pageCount, shown, t, format]);
  const go = (to: number) => {
    wanted.current = to === page ? null : to;
  };
  /** The props of the element around the list: a region named `label`, focusable by script only (no tab stop). */
  const region = (label: string) => ({ ref: results, tabIndex: -1, role: 'region', 'aria-label': label }) as const;
  return { region, go };
}
