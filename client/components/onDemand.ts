import { useEffect, useRef, useState } from 'react';

/** How a placeholder was approached before the primitive's module arrived: pointer over it, focus on it, pressed. */
export type Approach = 'pointer' | 'focus' | 'press';

export interface OnDemand<M> {
  /** The module once it has arrived: components drawn later start with it. */
  loaded?: M;
  load: () => Promise<M>;
}

/** A primitive's module, imported once, on first demand: its library stays out of the first visit's JavaScript. */
export function onDemand<M>(importer: () => Promise<M>): OnDemand<M> {
  let loading: Promise<M> | undefined;
  const source: OnDemand<M> = { load: () => (loading ??= importer().then((m) => (source.loaded = m))) };
  return source;
}

/**
 * For a placeholder drawn like the primitive's trigger: `approach` fetches the module and remembers
 * the approach until `leave` of it; once the module is in, it is returned with the approaches still
 * under way (`startWith`), so the primitive can open, and take focus, as if it had been there all along.
 */
export function useOnDemand<M>(source: OnDemand<M>) {
  const [module, setModule] = useState<{ m: M } | undefined>(source.loaded && { m: source.loaded });
  const [startWith, setStartWith] = useState<ReadonlySet<Approach>>(new Set());
  const wanted = useRef(new Set<Approach>());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const approach = (how: Approach) => {
    wanted.current.add(how);
    void source.load().then((m) => {
      if (!mounted.current) return;
      setStartWith(new Set(wanted.current));
      setModule({ m });
    });
  };
  const leave = (how: Approach) => {
    wanted.current.delete(how);
  };
  return { module: module?.m, startWith, approach, leave };
}

/** A ref callback that focuses its element once: the primitive's trigger taking over from a focused placeholder. */
export function useFocusOnce<T extends HTMLElement>(wanted: boolean) {
  const once = useRef(wanted);
  return (node: T | null) => {
    if (!node || !once.current) return;
    once.current = false;
    node.focus();
  };
}
