import { useEffect } from 'react';
import { proxy } from 'valtio';

/** Values a page puts into its own title and description (e.g. the name on a case page). */
export const pageTitle = proxy<{ values: Record<string, string> | null }>({ values: null });

/** Sets the values while the page shows them. */
export function usePageTitleValues(values: Record<string, string> | null) {
  const text = JSON.stringify(values);
  useEffect(() => {
    pageTitle.values = JSON.parse(text) as Record<string, string> | null;
    return () => {
      pageTitle.values = null;
    };
  }, [text]);
}
