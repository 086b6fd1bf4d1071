import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';
import { FALLBACK_LANGUAGE } from './shared/languages.js';

/**
 * The screens a visitor opens first (from a link, a search engine, a shared case), by their page
 * module under client/pages: their code is one chunk, fetched with the entry (below), so their
 * first load waits for no second round of downloads once the entry has run. Account and staff
 * screens keep a chunk each, loaded when opened.
 */
export const FIRST_SCREENS = [
  'home/HomePage',
  'players/PlayersPage',
  'player/PlayerPage',
  'search/SearchPage',
  'sitestats/SiteStatsPage',
  'about/AboutPage',
  'accessibility/AccessibilityPage',
  'link/LinkPage',
  'apps/AppsPage',
  'announcement/AnnouncementPage',
  'signin/SigninPage',
  'NotFoundPage',
];
export const isFirstScreen = (moduleId: string) => FIRST_SCREENS.some((page) => moduleId.replace(/\\/g, '/').endsWith(`/client/pages/${page}.tsx`));
const FIRST_SCREENS_CHUNK = 'screens';

/** Rolldown's chunks: few and large on the way to the first screen, one per screen for the rest. */
export const codeSplitting: Rolldown.OutputOptions['codeSplitting'] = {
  groups: [
    // Everything the entry needs before it runs: one file instead of twenty requests.
    { name: 'app', tags: ['$initial'], priority: 2 },
    // The first screens with what they import and the entry does not.
    { name: FIRST_SCREENS_CHUNK, test: isFirstScreen, priority: 1 },
  ],
};

/** The first screens' chunk of a build: the chunk Rolldown named after the group. */
export const isFirstScreensChunk = (name: string | undefined) => name === FIRST_SCREENS_CHUNK;

/**
 * The page asks for the first screens' chunk and the fallback language's strings (always loaded,
 * client/i18n/setup.ts) together with the entry: both are dynamic imports, which Vite would only
 * fetch once the entry has run. Their CSS comes with them.
 */
export const preloadFirstScreens = (): Plugin => ({
  name: 'tribunal-preload-first-screens',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, { bundle }) {
      if (!bundle) return html;
      const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
      const wanted = chunks.filter((c) => isFirstScreensChunk(c.name) || c.moduleIds.some((id) => id.endsWith(`/locales/${FALLBACK_LANGUAGE}.json`)));
      if (wanted.length !== 2) throw new Error(`expected the first screens' chunk and the ${FALLBACK_LANGUAGE} strings, found ${wanted.map((c) => c.fileName).join(', ')}`);
      const files = new Set<string>();
      const css = new Set<string>();
      const add = (chunk: Rolldown.OutputChunk) => {
        if (files.has(chunk.fileName)) return;
        files.add(chunk.fileName);
        for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
        for (const file of chunk.imports) add(bundle[file] as Rolldown.OutputChunk);
      };
      wanted.forEach(add);
      const tags: HtmlTagDescriptor[] = [];
      for (const file of files) if (!html.includes(`/${file}"`)) tags.push({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' });
      // Render-blocking like the entry's own CSS: the first screen is drawn with it.
      for (const file of css) if (!html.includes(`/${file}"`)) tags.push({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` }, injectTo: 'head' });
      return tags;
    },
  },
});
