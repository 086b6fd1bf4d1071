import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { saveFilter, savedFilter, type TimelineFilter } from '@client/state/timelineFilter';
import { parseTimelineQuery, withTimelinePosition, type TimelinePosition } from './pageQuery';

/**
 * What part of the timeline is shown: page and order live in the URL (`page`, `order`), the
 * filter in this browser's settings. A filter set by the page itself (to reach a linked
 * entry) is not saved.
 */
export function useTimelineView() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const position = parseTimelineQuery(params);
  const [filter, setFilter] = useState<TimelineFilter>(savedFilter);
  const search = params.toString();

  const pageTo = useCallback((page: number) => ({ search: withTimelinePosition(new URLSearchParams(search), { ...position, page }).toString(), hash: '' }), [search, position]);

  const go = useCallback(
    (next: TimelinePosition, hash = '') =>
      void navigate({ search: withTimelinePosition(new URLSearchParams(search), next).toString(), hash }, { preventScrollReset: true }),
    [navigate, search],
  );

  const chooseFilter = useCallback(
    (next: TimelineFilter) => {
      saveFilter(next);
      setFilter(next);
      go({ ...position, page: 1 });
    },
    [go, position],
  );

  return { position, filter, pageTo, go, chooseFilter, showAll: useCallback(() => setFilter('all'), []) };
}
