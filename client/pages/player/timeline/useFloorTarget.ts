import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/limits';
import type { TimelineEntry } from '@shared/types/cases';
import type { CaseKey } from '@client/api/cases';
import { toast } from '@client/components/toast';
import type { TimelineFilter } from '@client/state/timelineFilter';
import { FILTER_SUBJECTS } from './filters';
import { locateEntry } from './loadPage';
import { floorAnchor, floorOfHash, type Order } from './pageQuery';
import { positionFetcherFor } from './useTimeline';

interface FloorOptions {
  caseKey: CaseKey;
  entries: readonly TimelineEntry[];
  loaded: boolean;
  filter: TimelineFilter;
  order: Order;
  /** Shows every entry type when the target is not among the filter's. */
  showAll: () => void;
  goToPage: (page: number) => void;
}

/**
 * `#floor-<id>` (a link to one entry): brings the entry on screen — fetching its page first when it is on
 * another one — and returns its id while it is highlighted (10 s).
 */
export function useFloorTarget({ caseKey, entries, loaded, filter, order, showAll, goToPage }: FloorOptions) {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const target = floorOfHash(hash);
  const [highlight, setHighlight] = useState<number | null>(null);
  const handled = useRef<number | null>(null);
  const searched = useRef<number | null>(null);

  useEffect(() => {
    if (target === null) {
      handled.current = searched.current = null;
      return;
    }
    if (!loaded || handled.current === target) return;
    if (entries.some((e) => e.id === target)) {
      handled.current = target;
      document.getElementById(floorAnchor(target))?.scrollIntoView({ block: 'center' });
      setHighlight(target);
      return;
    }
    if (searched.current === target) return;
    searched.current = target;
    void (async () => {
      const fetch = positionFetcherFor(caseKey);
      let page = await locateEntry(fetch, FILTER_SUBJECTS[filter], target, order, LIMITS.timelinePage).catch(() => null);
      if (page === null && filter !== 'all') {
        page = await locateEntry(fetch, null, target, order, LIMITS.timelinePage).catch(() => null);
        if (page !== null) showAll();
      }
      if (page === null) toast.info(t('timeline.floorNotFound', { id: target }));
      else goToPage(page);
    })();
  }, [target, loaded, entries, caseKey, filter, order, showAll, goToPage, t]);

  useEffect(() => {
    if (highlight === null) return;
    const timer = setTimeout(() => setHighlight(null), LIMITS.highlightMs);
    return () => clearTimeout(timer);
  }, [highlight]);

  return highlight;
}
