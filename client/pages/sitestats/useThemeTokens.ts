import { useMemo, useSyncExternalStore } from 'react';

/** The attributes of <html> that choose the design tokens (theme, text size). */
const TOKEN_ATTRIBUTES = ['data-theme', 'data-text-size'];

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: TOKEN_ATTRIBUTES });
  return () => observer.disconnect();
}

const tokenState = () => TOKEN_ATTRIBUTES.map((a) => document.documentElement.getAttribute(a) ?? '').join('|');

/**
 * The current values of some CSS properties of the page root: design tokens such as
 * `--color-accent`, or `color-scheme`. Read again whenever the theme or text size changes, for
 * drawings that take colours as values rather than as CSS.
 */
export function useThemeTokens<N extends string>(names: readonly N[]): Record<N, string> {
  const state = useSyncExternalStore(subscribe, tokenState, () => '');
  const key = names.join(',');
  return useMemo(() => {
    const style = getComputedStyle(document.documentElement);
    return Object.fromEntries(key.split(',').map((n) => [n, style.getPropertyValue(n).trim()])) as Record<N, string>;
    // `state` is why it reads again: the tokens behind it changed.
  }, [key, state]);
}
