import { isValidElement, lazy, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, type Params, type RouteObject } from 'react-router';

type Loaded = { default: ComponentType };

/**
 * What a page module may export beside its component: the reads its page starts first, begun as
 * soon as its chunk is in on a first visit (`preloadRoute`), before the strings and the first render.
 */
export type StartReads = (params: Params, language: string) => Promise<unknown> | void;
type PageModule<K extends string> = Record<K, ComponentType> & { startReads?: StartReads };

/** Each page component lazyPage made, with what loads its chunk (once) and what starts its reads. */
const loaders = new WeakMap<object, () => Promise<StartReads | undefined>>();

/**
 * A page component loaded in its own chunk the first time it is shown. Once its chunk is in
 * (`preloadRoute`), it renders at once: React reads a thenable that has already resolved without
 * suspending, so a first visit does not paint the page's spinner and then, held for at least 300 ms
 * by React's fallback throttling, the page.
 */
export function lazyPage<K extends string>(load: () => Promise<PageModule<K>>, name: K) {
  let loaded: Loaded | undefined;
  let loading: Promise<PageModule<K>> | undefined;
  const loadModule = () =>
    (loading ??= load().then((module) => {
      loaded = { default: module[name] };
      return module;
    }));
  const loadOnce = () => loadModule().then(() => loaded!);
  // A thenable that calls back at once: React's lazy takes the module in the same render.
  const ready = (module: Loaded) => ({ then: (resolve: (m: Loaded) => void) => resolve(module) }) as unknown as Promise<Loaded>;
  const Page = lazy(() => (loaded ? ready(loaded) : loadOnce()));
  loaders.set(Page, () => loadModule().then((module) => module.startReads));
  return Page;
}

const settled = (promise: Promise<unknown>) => promise.then(
  () => undefined,
  () => undefined,
);
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Calls `found` with each lazy page the routes show at `pathname` (found in the matched routes' elements) and its route's params. */
function visitPages(routes: RouteObject[], pathname: string, found: (load: () => Promise<StartReads | undefined>, params: Params) => void) {
  const visit = (node: ReactNode, params: Params) => {
    if (Array.isArray(node)) return node.forEach((n) => visit(n, params));
    if (!isValidElement(node)) return;
    const load = loaders.get(node.type as object);
    if (load) found(load, params);
    visit((node.props as { children?: ReactNode }).children, params);
  };
  for (const match of matchRoutes(routes, pathname) ?? []) visit(match.route.element, match.params);
}

/**
 * Loads the chunks of the lazy pages the routes show at `pathname`, so the first render has them,
 * and starts the reads those pages begin with, waiting for them up to `readWaitMs` once the chunk
 * is in: the first paint then shows the page's content rather than its placeholder, unless the
 * answer is slow. Never fails: a chunk that cannot load fails where the page renders, as it would
 * have without this.
 */
export function preloadRoute(routes: RouteObject[], pathname: string, language: string, readWaitMs = 0): Promise<void> {
  const loads: Array<Promise<unknown>> = [];
  visitPages(routes, pathname, (load, params) => {
    loads.push(
      load().then((startReads) => {
        const reads = startReads?.(params, language);
        if (reads && readWaitMs > 0) return Promise.race([settled(reads), delay(readWaitMs)]);
      }),
    );
  });
  return settled(Promise.all(loads));
}

/** Loads the chunks of the lazy pages the routes show at `pathname`, and nothing else (no reads): for a render that must not wait on them. */
export function loadRoutePages(routes: RouteObject[], pathname: string): Promise<void> {
  const loads: Array<Promise<unknown>> = [];
  visitPages(routes, pathname, (load) => void loads.push(load()));
  return settled(Promise.all(loads));
}
