import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { LIMITS } from '@shared/limits';
import { getTimeline, getTimelinePosition, type CaseKey } from '@client/api/cases';
import type { TimelineFilter } from '@client/state/timelineFilter';
import { FILTER_SUBJECTS } from './filters';
import { actionsAfter, EMPTY_TIMELINE, timelineReducer, type QueuedAction, type TimelineAction, type TimelineState, type TimelineView } from './liveTimeline';
import { loadTimelinePage, type PageFetcher, type PositionFetcher } from './loadPage';
import type { TimelinePosition } from './pageQuery';

const fetcherFor =
  (key: CaseKey, signal?: AbortSignal): PageFetcher =>
  (query) =>
    getTimeline(key, query, signal);

export const positionFetcherFor =
  (key: CaseKey, signal?: AbortSignal): PositionFetcher =>
  (query) =>
    getTimelinePosition(key, query, signal);

interface TimelineOptions {
  key: CaseKey;
  /** Load only once the case's room is joined, so no live entry falls between. */
  ready: boolean;
  position: TimelinePosition;
  filter: TimelineFilter;
  staff: boolean;
  /** Asked when a live entry arrives: whether the reader has scrolled away from the start of the entries. */
  awayFromStart?: () => boolean;
}

type TimelineStatus = 'loading' | 'ready' | 'failed';

/**
 * The timeline page on screen: loaded for the position and filter, then kept current by live
 * actions. Actions that arrive while a page loads are applied on top of it once it is in.
 */
export function useTimeline({ key, ready, position, filter, staff, awayFromStart }: TimelineOptions) {
  const [state, setState] = useState<TimelineState>(EMPTY_TIMELINE);
  const [error, setError] = useState<unknown>(null);
  const [round, setRound] = useState(0);
  const keyText = JSON.stringify(key);
  // The request an outcome belongs to: on the render where the page (or filter) changes, before the
  // effect starts its request, the last page's outcome must not pass for the new one's (usePagerFocus.ts).
  const request = `${keyText}:${filter}:${position.page}:${position.order}:${round}`;
  const [settled, setSettled] = useState<{ request: string; status: Exclude<TimelineStatus, 'loading'> } | null>(null);
  /** Actions that arrived while a page loads, with their room sequence when they are the room's events. */
  const pending = useRef<QueuedAction[] | null>([]);
  const view = useRef<TimelineView>({ filter, order: position.order, page: position.page, pageSize: LIMITS.timelinePage, staff });
  const away = useRef(awayFromStart);
  useLayoutEffect(() => {
    view.current = { filter, order: position.order, page: position.page, pageSize: LIMITS.timelinePage, staff };
    away.current = awayFromStart;
  });

  /** `seq`: the room event's that brought the action; a page loading then applies it only when it is newer than the page. */
  const apply = useCallback((action: TimelineAction, seq?: number) => {
    if (pending.current) pending.current.push({ action, seq });
    else {
      const current = { ...view.current, awayFromStart: away.current?.() ?? false };
      setState((s) => timelineReducer(s, action, current));
    }
  }, []);

  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    pending.current = [];
    const size = LIMITS.timelinePage;
    loadTimelinePage(fetcherFor(JSON.parse(keyText) as CaseKey, controller.signal), FILTER_SUBJECTS[filter], (position.page - 1) * size, size, position.order).then(
      (page) => {
        if (controller.signal.aborted) return;
        const queued = actionsAfter(pending.current ?? [], page.lastSeq);
        pending.current = null;
        setState((s) => queued.reduce((acc, action) => timelineReducer(acc, action, view.current), timelineReducer(s, { type: 'loaded', page }, view.current)));
        setSettled({ request, status: 'ready' });
      },
      (e: unknown) => {
        if (controller.signal.aborted) return;
        pending.current = null;
        setError(e);
        setSettled({ request, status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [ready, keyText, filter, position.page, position.order, round, request]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  const status: TimelineStatus = settled?.request === request ? settled.status : 'loading';
  return { state, status, error, apply, reload };
}
