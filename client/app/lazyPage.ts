import { isValidElement, lazy, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

type Loaded = { default: ComponentType };

/** Each page component lazyPage made, with what loads its chunk (once). */
const loaders = new WeakMap<object, () => Promise<Loaded>>();

/**
 * A page component loaded in its own chunk the first time it is shown. Once its chunk is in
 * (`preloadRoute`), it renders at once: React reads a thenable that has already resolved without
 * suspending, so a first visit does not paint the page's spinner and then, held for at least 300 ms
 * by React's fallback throttling, the page.
 */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  let loaded: Loaded | undefined;
  let loading: Promise<Loaded> | undefined;
  const loadOnce = () => (loading ??= load().then((module) => (loaded = { default: module[name] })));
  // A thenable that calls back at once: React's lazy takes the module in the same render.
  const ready = (module: Loaded) => ({ then: (resolve: (m: Loaded) => void) => resolve(module) }) as unknown as Promise<Loaded>;
  const Page = lazy(() => (loaded ? ready(loaded) : loadOnce()));
  loaders.set(Page, loadOnce);
  return Page;
}

/**
 * Loads the chunks of the lazy pages the routes show at `pathname` (found in the matched routes'
 * elements), so the first render has them. Never fails: a chunk that cannot load fails where the
 * page renders, as it would have without this.
 */
export function preloadRoute(routes: RouteObject[], pathname: string): Promise<void> {
  const loads: Array<Promise<Loaded>> = [];
  const visit = (node: ReactNode) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isValidElement(node)) return;
    const load = loaders.get(node.type as object);
    if (load) loads.push(load());
    visit((node.props as { children?: ReactNode }).children);
  };
  for (const match of matchRoutes(routes, pathname) ?? []) visit(match.route.element);
  return Promise.all(loads).then(
    () => undefined,
    () => undefined,
  );
}
