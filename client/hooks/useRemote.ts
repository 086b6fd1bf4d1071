import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export type Remote<T> = { state: 'loading'; data: T | null } | { state: 'ready'; data: T } | { state: 'failed'; error: unknown; data: T | null };

/**
 * Data loaded for the current `key` (e.g. a query string): reloaded whenever the key changes,
 * with the previous request cancelled, and again on `reload()`. While loading it keeps the last
 * data, for pages that prefer to show it dimmed rather than a skeleton.
 */
export function useRemote<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>) {
  const [remote, setRemote] = useState<Remote<T>>({ state: 'loading', data: null });
  const [round, setRound] = useState(0);
  const loadRef = useRef(load);
  useLayoutEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setRemote((r) => ({ state: 'loading', data: r.data }));
    loadRef.current(controller.signal).then(
      (data) => !controller.signal.aborted && setRemote({ state: 'ready', data }),
      (error: unknown) => !controller.signal.aborted && setRemote((r) => ({ state: 'failed', error, data: r.data })),
    );
    return () => controller.abort();
  }, [key, round]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  /** Replaces the data in place (e.g. after a live update), without a request. */
  const update = useCallback((change: (data: T) => T) => setRemote((r) => (r.data === null ? r : ({ ...r, data: change(r.data) } as Remote<T>))), []);
  return { ...remote, reload, update };
}
