import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export type Remote<T> = { state: 'loading'; data: T | null } | { state: 'ready'; data: T } | { state: 'failed'; error: unknown; data: T | null };

/** One request of a `useRemote`, with the effects currently listening to it. */
interface Flight<T> {
  id: string;
  controller: AbortController;
  promise: Promise<T>;
  listeners: number;
}

/**
 * How long a request outlives the last effect that listened to it. React disconnects and reconnects
 * an effect without a change of key when it hides and shows a tree (a Suspense reveal on a page's
 * first load did so a few milliseconds after mounting): the request must go on, not be cancelled
 * and sent again. Leaving the page (or a new key, which cancels at once) is what should cancel it.
 */
const CANCEL_GRACE_MS = 250;

/**
 * Data loaded for the current `key` (e.g. a query string): reloaded whenever the key changes,
 * with the previous request cancelled, and again on `reload()`. While loading it keeps the last
 * data, for pages that prefer to show it dimmed rather than a skeleton.
 */
export function useRemote<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>) {
  const [round, setRound] = useState(0);
  const id = key === null ? null : `${round}:${key}`;
  // The request (round and key) the state belongs to: on the render where the key changes, before
  // the effect starts the new request, the old answer must not pass for the new key's.
  const [held, setHeld] = useState<{ id: string | null; remote: Remote<T> }>({ id: null, remote: { state: 'loading', data: null } });
  const setRemote = useCallback((next: (r: Remote<T>) => Remote<T>, forId: string) => setHeld((h) => ({ id: forId, remote: next(h.remote) })), []);
  const loadRef = useRef(load);
  const flightRef = useRef<Flight<T> | null>(null);
  useLayoutEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    if (id === null) return;
    let flight = flightRef.current;
    if (flight?.id !== id) {
      flight?.controller.abort();
      const controller = new AbortController();
      flight = { id, controller, promise: loadRef.current(controller.signal), listeners: 0 };
      flightRef.current = flight;
      setRemote((r) => ({ state: 'loading', data: r.data }), id);
    }
    const mine = flight;
    mine.listeners += 1;
    let listening = true;
    mine.promise.then(
      (data) => listening && setRemote(() => ({ state: 'ready', data }), id),
      (error: unknown) => listening && setRemote((r) => ({ state: 'failed', error, data: r.data }), id),
    );
    return () => {
      listening = false;
      mine.listeners -= 1;
      setTimeout(() => {
        if (mine.listeners > 0) return;
        mine.controller.abort();
        if (flightRef.current === mine) flightRef.current = null;
      }, CANCEL_GRACE_MS);
    };
  }, [id, setRemote]);

  const reload = useCallback(() => setRound((r) => r + 1), []);
  /** Replaces the data in place (e.g. after a live update), without a request. */
  const update = useCallback(
    (change: (data: T) => T) => setHeld((h) => (h.remote.data === null ? h : { ...h, remote: { ...h.remote, data: change(h.remote.data) } as Remote<T> })),
    [],
  );
  const remote: Remote<T> = id === null || held.id === id ? held.remote : { state: 'loading', data: held.remote.data };
  return { ...remote, reload, update };
}
