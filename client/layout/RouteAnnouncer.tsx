import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useMatches, type UIMatch } from 'react-router';
import type { RouteHandle } from '@client/app/usePageMeta';
import { announce } from '@client/components/announce';

/** How long a new page may take to draw its heading; then focus goes to <main> itself. */
const HEADING_WAIT_MS = 5_000;
const CHECK_EVERY_MS = 100;
const OPEN_MODAL = 'dialog[open], [role="dialog"][data-state="open"]';
const FIELD = 'input, textarea, select, [contenteditable="true"]';

/** Which page the address shows: the deepest route naming a page, and its path unless the path follows what is typed there. */
export function screenOf(matches: readonly UIMatch[]): string {
  const match = matches.findLast((m) => (m.handle as RouteHandle | undefined)?.page);
  const handle = match?.handle as RouteHandle | undefined;
  return handle ? `${handle.page} ${handle.liveAddress ? '' : match!.pathname}` : '';
}

/**
 * Tells a change of page, as a full load would: once the new page has drawn its heading, focus moves
 * to its <h1> (else to `main`) and its title is said in the polite live region. A change of the query
 * or the hash alone, and changes before the reader did anything (the first load's redirects), are
 * not a change of page. Focus the new page put inside `main` itself (a form's first field, the
 * search box) stays there, as does focus in any field (the header's search box, which the reader
 * may be typing in again while the page loads), and nothing moves behind an open modal dialog.
 *
 * Rendered before `main`: its layout effect runs before the new page's, and reads where focus was
 * left by the old page (gone with it, or on a link that stays, such as the header's).
 */
export function RouteAnnouncer({ main }: { main: RefObject<HTMLElement | null> }) {
  const screen = screenOf(useMatches());
  const shown = useRef(screen);
  const left = useRef<Element | null>(null);
  const interacted = useRef(false);

  useEffect(() => {
    const mark = () => {
      interacted.current = true;
    };
    document.addEventListener('keydown', mark, { capture: true, once: true });
    document.addEventListener('pointerdown', mark, { capture: true, once: true });
    return () => {
      document.removeEventListener('keydown', mark, { capture: true });
      document.removeEventListener('pointerdown', mark, { capture: true });
    };
  }, []);

  useLayoutEffect(() => {
    left.current = document.activeElement;
  }, [screen]);

  useEffect(() => {
    const area = main.current;
    const changed = shown.current !== screen;
    shown.current = screen;
    if (!changed || !interacted.current || !area) return;
    const until = Date.now() + HEADING_WAIT_MS;
    let timer: ReturnType<typeof setTimeout>;
    const settle = () => {
      const active = document.activeElement;
      const placed = !!active && (active.matches(FIELD) || (active !== left.current && active !== area && area.contains(active)));
      const heading = area.querySelector<HTMLElement>('h1');
      const blocked = !!document.querySelector(OPEN_MODAL);
      if (!placed && (!heading || blocked) && Date.now() < until) {
        timer = setTimeout(settle, CHECK_EVERY_MS);
        return;
      }
      if (!placed && !blocked) {
        const target = heading ?? area;
        if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
        target.focus({ preventScroll: true });
      }
      announce(document.title);
    };
    // After every effect of this render: the new page's own focus (the search box) is placed by then.
    timer = setTimeout(settle, 0);
    return () => clearTimeout(timer);
  }, [screen, main]);

  return null;
}
