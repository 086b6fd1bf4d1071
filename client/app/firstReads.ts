import { createContext, useContext } from 'react';
import type { DataRouter } from 'react-router';
import { FIRST_READS_ELEMENT_ID, type FirstReads } from '@shared/first-reads';

/**
 * What the server read to draw the first screen (shared/first-reads.ts): given to the server's
 * drawing (client/firstPaint/render.tsx) and, read back from the page, to the browser's first
 * render, so that both show the same content. A page takes from it what it reads first.
 */
export const FirstReadsContext = createContext<FirstReads>({});

export const useFirstReads = () => useContext(FirstReadsContext);

/** The reads the page was sent with; none when it has no such block or the block does not parse. */
export function firstReadsInPage(doc: Document = document): FirstReads {
  const text = doc.getElementById(FIRST_READS_ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    const reads: unknown = JSON.parse(text);
    return reads && typeof reads === 'object' && !Array.isArray(reads) ? (reads as FirstReads) : {};
  } catch {
    return {};
  }
}

/**
 * The reads belong to the screen the page was loaded at: once the reader goes elsewhere they are
 * dropped, and a page shown again later reads afresh instead of showing what was read at load.
 */
export function forgetOnLeaving(reads: FirstReads, router: DataRouter) {
  const { pathname } = router.state.location;
  const stop = router.subscribe((state) => {
    if (state.location.pathname === pathname) return;
    for (const key of Object.keys(reads)) delete reads[key as keyof FirstReads];
    stop();
  });
}
