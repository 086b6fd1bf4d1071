import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';
import { FIRST_SCREENS } from './shared/first-screens.js';
import { FALLBACK_LANGUAGE } from './shared/languages.js';

type ModuleInfoOf = (id: string) => Rolldown.ModuleInfo | null;
const clientDir = fileURLToPath(new URL('./client/', import.meta.url));
const firstPages = [...new Set(Object.values(FIRST_SCREENS))].map((page) => path.join(clientDir, 'pages', `${page}.tsx`));

/** The modules a module brings in before it runs (itself and its static imports, transitively), short of those in `skip`. */
function staticClosure(id: string, info: ModuleInfoOf, skip: ReadonlySet<string> = new Set(), seen = new Set<string>()): Set<string> {
  if (seen.has(id) || skip.has(id)) return seen;
  seen.add(id);
  for (const next of info(id)?.importedIds ?? []) staticClosure(next, info, skip, seen);
  return seen;
}

/**
 * The chunk of each module a first screen brings in that the entry does not: one beside the page's
 * own for what only that page uses, one for what several of them share. A first screen then
 * downloads three files, not thirty. The page module keeps a chunk of its own, which Vite's
 * manifest names after it (server/modules/pages/screen-preloads.ts looks it up there).
 */
function firstScreenChunks(info: ModuleInfoOf): Map<string, string> {
  const entry = staticClosure(path.join(clientDir, 'main.tsx'), info);
  const usedBy = new Map<string, string[]>();
  for (const page of firstPages) {
    for (const id of staticClosure(page, info, entry)) usedBy.set(id, [...(usedBy.get(id) ?? []), page]);
  }
  for (const page of firstPages) usedBy.delete(page);
  return new Map([...usedBy].map(([id, pages]) => [id, pages.length > 1 ? 'screens' : partsOf(pages[0]!)]));
}

const FORMS = /[\\/](shared[\\/]schemas|node_modules[\\/]zod)[\\/]/;

/** The chunk of zod and the request schemas, which only the first screens with a form load. */
export const FORMS_CHUNK = 'forms';
/** The chunk of Socket.IO's client, which a page loads after it is drawn. */
export const SOCKET_CHUNK = 'socket-io';
/**
 * Chunks a page loads once it is drawn, by design: Socket.IO's client, and the components that swap
 * in the primitives' menus and tabs (client/components/Menu.tsx, Tabs.tsx) with what they import, and
 * the header's search combobox with React Aria, which a wide screen fetches as soon as the header is
 * drawn (client/layout/HeaderSearch.tsx).
 * Tooltips, user cards, the phone drawer and toasts are not here: their chunks come only when one is
 * approached or the first toast is shown (client/components/onDemand.ts), which a first visit's load does not do.
 */
export const AFTER_PAINT_CHUNKS = [SOCKET_CHUNK, 'TabList', 'MenuPopup', 'dist', 'SearchCombobox'];

/** Filled once the module graph is known (`firstScreenGraph` below), before Rolldown forms chunks. */
let chunkOfModule = new Map<string, string>();
const partsOf = (page: string) => `${path.basename(page, '.tsx')}-parts`;

/** Rolldown's chunks: what the entry needs before it runs in one file instead of twenty requests, then the first screens' (above). */
export const codeSplitting: Rolldown.OutputOptions['codeSplitting'] = {
  groups: [
    { name: 'app', tags: ['$initial'], priority: 2 },
    // Socket.IO's client, loaded when a page first joins a room (client/realtime/RealtimeClient.ts).
    { name: SOCKET_CHUNK, test: /node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io[\\/]component-emitter|xmlhttprequest-ssl)[\\/]/, priority: 1 },
    // The request schemas and zod, which the first screens with a form share, apart from what all of them share.
    { name: FORMS_CHUNK, test: (id) => chunkOfModule.has(id) && FORMS.test(id), priority: 1.5 },
    { name: 'screens', test: (id) => chunkOfModule.get(id) === 'screens', priority: 1 },
    ...firstPages.map((page) => ({ name: partsOf(page), test: (id: string) => chunkOfModule.get(id) === partsOf(page), priority: 1 })),
  ],
};

/** Reads the module graph at the end of the build's first phase, for the groups above. */
export const firstScreenGraph = (): Plugin => ({
  name: 'tribunal-first-screen-graph',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'client',
  buildEnd() {
    chunkOfModule = firstScreenChunks((id) => this.getModuleInfo(id));
  },
});

/**
 * The page asks for the fallback language's strings (always loaded, client/i18n/setup.ts) together
 * with the entry: they are a dynamic import, which the browser would only fetch once the entry has run.
 */
export const preloadFallbackStrings = (): Plugin => ({
  name: 'tribunal-preload-fallback-strings',
  apply: 'build',
  applyToEnvironment: (environment) => environment.name === 'client',
  transformIndexHtml: {
    order: 'post',
    handler(html, { bundle }) {
      if (!bundle) return html;
      const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
      const strings = chunks.filter((c) => c.moduleIds.some((id) => id.endsWith(`/locales/${FALLBACK_LANGUAGE}.json`)));
      if (strings.length !== 1) throw new Error(`expected one chunk of ${FALLBACK_LANGUAGE} strings, found ${strings.map((c) => c.fileName).join(', ')}`);
      const tags: HtmlTagDescriptor[] = [];
      for (const file of [strings[0]!.fileName, ...strings[0]!.imports]) {
        if (!html.includes(`/${file}"`)) tags.push({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' });
      }
      return tags;
    },
  },
});
