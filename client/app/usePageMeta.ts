import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { applyPageMeta, pageMeta } from './meta';
import { pageTitle } from './pageTitle';

export interface RouteHandle {
  /** The page's key under `meta.` in the locale files. */
  page: string;
  /** The path follows what is typed on the page (the search's text): a new path here is not a new page. */
  liveAddress?: boolean;
}

/** Sets title, description and keywords for the deepest matched route that names its page. */
export function usePageMeta() {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const page = matches.map((m) => (m.handle as RouteHandle | undefined)?.page).findLast(Boolean) ?? 'notFound';
  const { values } = useSnapshot(pageTitle);
  useEffect(() => applyPageMeta(pageMeta(t, page, values ?? undefined)), [t, page, values, i18n.language]);
}
