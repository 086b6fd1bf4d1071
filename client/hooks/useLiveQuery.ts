import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useDebounced } from './useDebounced';

/** What an as-you-type query shows: the newest answer or failure, each with the text it belongs to. */
export interface LiveQuery<T> {
  /** A request is in flight. */
  busy: boolean;
  /** Kept while a newer request runs; null once the text is no longer worth asking. */
  answer: { query: string; data: T } | null;
  failure: { query: string; error: unknown } | null;
}

const NOTHING = { busy: false, answer: null, failure: null };

/**
 * Asks `load` for the text `delay` ms after it last changed, when `accepts` says it is worth asking.
 * A newer question aborts the previous request, and an answer to anything but the newest question
 * is dropped even if it arrives (a request that ignores its signal, a reply overtaken in flight).
 */
export function useLiveQuery<T>(text: string, accepts: (query: string) => boolean, load: (query: string, signal: AbortSignal) => Promise<T>, delay = 300): LiveQuery<T> {
  const settled = useDebounced(text, delay);
  const query = accepts(settled) ? settled : null;
  const [live, setLive] = useState<LiveQuery<T>>(NOTHING);
  const loadRef = useRef(load);
  useLayoutEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    if (query === null) {
      setLive(NOTHING);
      return;
    }
    const controller = new AbortController();
    setLive((l) => ({ ...l, busy: true }));
    loadRef.current(query, controller.signal).then(
      (data) => !controller.signal.aborted && setLive({ busy: false, answer: { query, data }, failure: null }),
      (error: unknown) => !controller.signal.aborted && setLive({ busy: false, answer: null, failure: { query, error } }),
    );
    return () => controller.abort();
  }, [query]);

  return live;
}
