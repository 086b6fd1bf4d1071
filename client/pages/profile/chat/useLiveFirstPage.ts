import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RoomEvent } from '@shared/socket';
import { useSessionEvents } from '@client/realtime/useSessionEvents';

export type FirstPageLoad = { state: 'loading' } | { state: 'ready' } | { state: 'failed'; error: unknown };

interface LiveFirstPageOptions<P> {
  /** A new key loads the page anew, as `reload()` does. */
  key: string;
  load: (signal: AbortSignal) => Promise<P>;
  /** Before each load. */
  onStart?: () => void;
  onPage: (page: P) => void;
  /** One live event of the signed-in user. */
  apply: (event: RoomEvent) => void;
}

/**
 * The first page of a live list: the events heard while it loads are held and applied once it is
 * in (none is lost, none is applied to a list the page then replaces), and at once after that.
 */
export function useLiveFirstPage<P>({ key, load, onStart, onPage, apply }: LiveFirstPageOptions<P>) {
  const [status, setStatus] = useState<FirstPageLoad>({ state: 'loading' });
  const [round, setRound] = useState(0);
  /** Events heard while the page loads, applied once it is in. */
  const held = useRef<RoomEvent[] | null>([]);
  const latest = useRef({ load, onStart, onPage, apply });
  useLayoutEffect(() => {
    latest.current = { load, onStart, onPage, apply };
  });

  useSessionEvents((event) => {
    if (held.current) held.current.push(event);
    else apply(event);
  });

  useEffect(() => {
    const controller = new AbortController();
    held.current = [];
    latest.current.onStart?.();
    setStatus({ state: 'loading' });
    latest.current.load(controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        latest.current.onPage(page);
        const live = held.current ?? [];
        held.current = null;
        for (const event of live) latest.current.apply(event);
        setStatus({ state: 'ready' });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        held.current = null;
        setStatus({ state: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [key, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { status, reload };
}
