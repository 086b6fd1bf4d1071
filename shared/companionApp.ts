import { SEARCH_TYPES, type SearchType } from './search';

/**
 * The companion mobile app: the one place that knows its link scheme, its store pages and the
 * web addresses that open it. The web pages, the case page's QR code and anything else that
 * points at the app build their links here, so they all agree.
 */
export interface StoreLink {
  /** Key of the store's name under `companionApp.stores.` in the locale files. */
  store: 'googlePlay' | 'appStore';
  url: string;
  /** True while the address is ours, not a real store listing; the page says so. */
  placeholder: boolean;
}

export const COMPANION_APP: { scheme: string; stores: readonly StoreLink[] } = {
  /** The scheme the app registers on the phone: links look like `tribunal://player/123`. */
  scheme: 'tribunal',
  /** Operators put the real store listings here once the app is published (placeholders on the reserved `.example` domain until then). */
  stores: [
    { store: 'googlePlay', url: 'https://play.tribunal.example/companion', placeholder: true },
    { store: 'appStore', url: 'https://apps.tribunal.example/companion', placeholder: true },
  ],
};

/** What the app should show: its home, a case, or a search. */
export type AppTarget = { screen: 'home' } | { screen: 'case'; ouid: string } | { screen: 'search'; text: string; type: SearchType };

/** The query parameter that asks a web page to open the app. */
export const OPEN_APP_PARAM = 'openApp';

const enc = encodeURIComponent;

/** The app's own link for a target (`tribunal://home`, `tribunal://player/<ouid>`, `tribunal://search?text=&type=`). */
export function appLink(target: AppTarget, scheme: string = COMPANION_APP.scheme): string {
  const base = `${scheme}://`;
  switch (target.screen) {
    case 'home':
      return `${base}home`;
    case 'case':
      return `${base}player/${enc(target.ouid)}`;
    case 'search':
      return `${base}search?${new URLSearchParams({ text: target.text, type: target.type })}`;
  }
}

/** The web address (path and query) that opens the app at a target, with a fallback page when it does not open. */
export function openAppPath(target: AppTarget): string {
  switch (target.screen) {
    case 'home':
      return `/app?${OPEN_APP_PARAM}=1`;
    case 'case':
      return `/player/${enc(target.ouid)}/app`;
    case 'search':
      return `/search?${new URLSearchParams({ [OPEN_APP_PARAM]: '1', q: target.text, type: target.type })}`;
  }
}

/** The web page showing the same thing, for whoever continues in the browser. */
export function webFallbackPath(target: AppTarget): string {
  switch (target.screen) {
    case 'home':
      return '/';
    case 'case':
      return `/player/${enc(target.ouid)}`;
    case 'search': {
      const query = target.type === 'player' ? '' : `?type=${target.type}`;
      return `/search${target.text ? `/${enc(target.text)}` : ''}${query}`;
    }
  }
}

/** A path of ours as a full address on a site (`origin` like `https://tribunal.example`). */
export const absoluteUrl = (origin: string, path: string) => new URL(path, origin).href;

/** The full web address that opens the app at a target: what QR codes and shared links carry. */
export const openAppUrl = (origin: string, target: AppTarget) => absoluteUrl(origin, openAppPath(target));

/** Whether a page's query asks to open the app: `openApp` given, and not `0` or `false`. */
export function wantsApp(params: URLSearchParams): boolean {
  const value = params.get(OPEN_APP_PARAM);
  return value !== null && !['0', 'false'].includes(value.trim().toLowerCase());
}

/** The search a query describes (`q` or the path's text, and `type`), for opening it in the app. */
export function searchTarget(text: string, type: string | null): AppTarget {
  return { screen: 'search', text: text.trim(), type: SEARCH_TYPES.includes(type as SearchType) ? (type as SearchType) : 'player' };
}
