import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Access } from './guards';
import { applyPageMeta, pageMeta } from './meta';
import { pageTitle } from './pageTitle';

export interface RouteHandle {
  /** The page's key under `meta.` in the locale files (none on a route that only redirects). */
  page?: string;
  /** Who may open the route (its Guard's). */
  access?: Access;
  /** The path follows what is typed on the page (the search's text): a new path here is not a new page. */
  liveAddress?: boolean;
}

/** Sets title, description and keywords for the deepest matched route that names its page. */
export function usePageMeta() {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const page = matches.map((m) => (m.handle as RouteHandle | undefined)?.page).findLast(Boolean) ?? 'notFound';
  const { values } = useSnapshot(pageTitle);
  useEffect(() => applyPageMeta(pageMeta(i18n, page, values ?? undefined)), [t, i18n, page, values, i18n.language]);
}
