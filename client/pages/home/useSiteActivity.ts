import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roomOf, type RoomEvent } from '@shared/socket';
import type { ActivityItem, ActivityLine } from '@shared/types/cases';
import { getActivities, getCounters, type SiteCounters } from '@client/api/stats';
import { announce, unannounce } from '@client/components/announce';
import { useRoom } from '@client/realtime/useRoom';
import { activityKey, changeFeed, isNewlyShown, lineText, type ActivityChange } from './activityFeed';

const FEED_SIZE = 30;
/** Counters are re-read once activity settles (the endpoint allows 5 calls per 10 s). */
const COUNTER_WAIT_MS = 4000;

/** What the announcer is told a line's words are about, so that its withdrawal takes them back. */
const spokenAbout = (line: ActivityLine) => `activity:${activityKey(line)}`;

/** What an event of the `all` room changes in the feed, if anything. */
function feedChangeOf(event: RoomEvent): ActivityChange | null {
  if (event.name === 'activity') return { item: event.payload.item };
  if (event.name === 'activity.withdrawn') return { withdrawn: event.payload.lines };
  if (event.name === 'activity.renamed') return { renamed: event.payload };
  return null;
}

type Load<T> = { state: 'loading' } | { state: 'ready'; value: T } | { state: 'failed'; error: unknown };

/** The home page's live data: the activity feed from the `all` room (a line arriving after the first read is said) and the site counters. */
export function useSiteActivity() {
  const { t } = useTranslation();
  const [feed, setFeed] = useState<Load<readonly ActivityItem[]>>({ state: 'loading' });
  const [counters, setCounters] = useState<Load<SiteCounters>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const pending = useRef<ActivityChange[] | null>([]);
  /** The lines shown now (what `feed` holds once ready): a live change is worked out from them. */
  const shown = useRef<readonly ActivityItem[] | null>(null);
  const show = (lines: readonly ActivityItem[]) => {
    shown.current = lines;
    setFeed({ state: 'ready', value: lines });
  };
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const loadCounters = useCallback((fresh: boolean) => {
    getCounters(fresh).then(
      (value) => setCounters({ state: 'ready', value }),
      (error: unknown) => setCounters((c) => (c.state === 'ready' ? c : { state: 'failed', error })),
    );
  }, []);

  const ready = useRoom(roomOf.all, {
    onEvent: (event) => {
      const change = feedChangeOf(event);
      if (!change) return;
      // At once, even while a read is in flight: the line may have been said before that read began.
      if ('withdrawn' in change) unannounce(change.withdrawn.map(spokenAbout));
      if (pending.current) pending.current.push(change);
      else if (shown.current) {
        const before = shown.current;
        show(changeFeed(before, change, FEED_SIZE));
        // Only a line the feed now shows, and shows for the first time, is said.
        if ('item' in change && isNewlyShown(before, shown.current, change.item)) announce(lineText(t, change.item), spokenAbout(change.item));
      }
      clearTimeout(timer.current);
      timer.current = setTimeout(() => loadCounters(true), COUNTER_WAIT_MS);
    },
    onRefetch: () => setRound((r) => r + 1),
  });

  useEffect(() => {
    if (!ready) return;
    const controller = new AbortController();
    pending.current = [];
    getActivities(FEED_SIZE, controller.signal).then(
      (items) => {
        if (controller.signal.aborted) return;
        const live = pending.current ?? [];
        pending.current = null;
        show(live.reduce((acc, change) => changeFeed(acc, change, FEED_SIZE), items as readonly ActivityItem[]));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        pending.current = null;
        shown.current = null;
        setFeed({ state: 'failed', error });
      },
    );
    loadCounters(false);
    return () => controller.abort();
  }, [ready, round, loadCounters]);

  useEffect(() => () => clearTimeout(timer.current), []);
  return { feed, counters, retry: () => setRound((r) => r + 1) };
}
