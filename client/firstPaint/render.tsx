import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { FirstReads } from '@shared/first-reads';
import { FIRST_SCREENS, type FirstScreen } from '@shared/first-screens';
import { FALLBACK_LANGUAGE, type LanguageCode } from '@shared/languages';
import { SCREENS } from '@shared/screens';
import { FirstPaintContext } from '@client/app/firstPaint';
import { FirstReadsContext } from '@client/app/firstReads';
import { loadRoutePages } from '@client/app/lazyPage';
import { I18N_OPTIONS, interfaceStrings } from '@client/i18n/options';
import { HtmlParserContext } from '@client/richText/htmlParser';
import { parseHtmlOnServer } from './parseHtml';
import { routes } from '@client/routes';

/**
 * The server's entry of the client (built by vite.config.ts into dist/ssr): a first screen drawn
 * by the app's own components, as the browser draws it before its first reads answer, for the
 * server to send inside `<div id="root">` (server/modules/pages/first-paint.ts). The browser's
 * React replaces it when it draws (client/main.tsx).
 */

/** A render that takes longer is given up: the page then goes out without its first paint. */
const RENDER_LIMIT_MS = 2000;

const bundles = import.meta.glob<Record<string, unknown>>('../../locales/*.json', { import: 'default' });
const instances = new Map<LanguageCode, Promise<I18n>>();

async function strings(code: LanguageCode) {
  const load = bundles[`../../locales/${code}.json`];
  if (!load) throw new Error(`no strings for ${code}`);
  return interfaceStrings(await load());
}

/** The strings of one language (and the fallback's), set up once. */
function i18nOf(code: LanguageCode): Promise<I18n> {
  let made = instances.get(code);
  if (!made) {
    made = Promise.all([strings(FALLBACK_LANGUAGE), strings(code)]).then(async ([fallback, own]) => {
      const instance = i18next.createInstance();
      await instance.init({ ...I18N_OPTIONS, lng: code, resources: { [FALLBACK_LANGUAGE]: { translation: fallback }, [code]: { translation: own } } });
      return instance;
    });
    made.catch(() => instances.delete(code));
    instances.set(code, made);
  }
  return made;
}

const handler = createStaticHandler(routes);

// What every drawing needs is loaded with this module, as the node starts (server/modules/pages/first-paint.ts):
// the first screens' page chunks (a route's pattern matches itself) and the fallback language.
void i18nOf(FALLBACK_LANGUAGE).catch(() => undefined);
for (const name of Object.keys(FIRST_SCREENS) as FirstScreen[]) void loadRoutePages(routes, SCREENS[name]);

/**
 * The markup of the screen at `url` (a path with its query) in `language`: its layout and its page
 * with what the server read for it (`reads`, shared/first-reads.ts) and nothing else read yet, for a
 * reader not known to be signed in. Null when the address is not drawn here (a redirect); throws
 * when a component fails, so that no half-drawn screen is sent.
 */
export async function renderFirstPaint(url: string, language: LanguageCode, reads: FirstReads = {}): Promise<string | null> {
  const context = await handler.query(new Request(new URL(url, 'http://first-paint.invalid')));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  // The page's chunk is in before the render, as in the browser (client/main.tsx): it renders at once
  // instead of its loading state.
  const [i18n] = await Promise.all([i18nOf(language), loadRoutePages(routes, context.location.pathname)]);
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <FirstPaintContext value>
      <FirstReadsContext value={reads}>
        <HtmlParserContext value={parseHtmlOnServer}>
          <I18nextProvider i18n={i18n}>
            {/* Its fields and buttons wait for the app (what is typed there would be lost when React draws); links work. */}
            <fieldset disabled data-first-paint>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </fieldset>
          </I18nextProvider>
        </HtmlParserContext>
      </FirstReadsContext>
    </FirstPaintContext>,
    // One piece: React would otherwise send a large part (a page) apart, with a script to put it in place.
    { signal: AbortSignal.timeout(RENDER_LIMIT_MS), onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  if (errors.length) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
  // Something that still waited when the render began would be sent as its fallback with a script
  // to swap it in, which neither runs under the site's CSP nor without JavaScript.
  if (html.includes('<script') || html.includes('<template')) throw new Error(`${url} waited on something while being drawn`);
  return html;
}
