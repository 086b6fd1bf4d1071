import { isScreenPath, matchesScreen, SCREENS } from '@shared/screens';
import { FIRST_SCREENS, type FirstScreen } from '@shared/first-screens';

/** A chunk of Vite's build manifest (`.vite/manifest.json`, keyed by source path under `client/`). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The first screen a path opens, if it is one; a path outside the route list opens the 404 screen. */
export function firstScreenOf(pathname: string): FirstScreen | null {
  for (const name of Object.keys(FIRST_SCREENS) as FirstScreen[]) if (matchesScreen(SCREENS[name], pathname)) return name;
  return isScreenPath(pathname) ? null : 'notFound';
}

/** The manifest keys a chunk brings in before it runs: itself and its static imports, transitively. */
function closure(manifest: Manifest, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

/**
 * The tags asking for a page's scripts and styles with the entry, for those its chunk brings that
 * the page does not already name (`html`): what Vite's backend-integration guide has a server
 * render from the manifest. Empty when the page is not in the build.
 */
export function preloadTags(manifest: Manifest, page: string, html: string): string {
  const key = `pages/${page}.tsx`;
  if (!manifest[key]) return '';
  const entry = closure(manifest, Object.keys(manifest).filter((k) => manifest[k]!.isEntry));
  const own = [...closure(manifest, [key])].filter((k) => !entry.has(k));
  const named = (file: string) => html.includes(`"/${file}"`);
  const scripts = own.map((k) => manifest[k]!.file).filter((f) => !named(f));
  const styles = [...new Set(own.flatMap((k) => manifest[k]!.css ?? []))].filter((f) => !named(f));
  return [
    ...scripts.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    // Render-blocking like the entry's own styles: the first screen is drawn with them.
    ...styles.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
  ].join('');
}

/** The page for each first screen, naming that screen's files; absent for a screen whose files the page needs not name. */
export function firstScreenPages(manifest: Manifest, html: string): Map<FirstScreen, string> {
  const pages = new Map<FirstScreen, string>();
  for (const [name, page] of Object.entries(FIRST_SCREENS) as Array<[FirstScreen, string]>) {
    const tags = preloadTags(manifest, page, html);
    if (tags) pages.set(name, html.replace('</head>', `${tags}</head>`));
  }
  return pages;
}
