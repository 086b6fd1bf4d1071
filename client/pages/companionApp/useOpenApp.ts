import { useCallback, useEffect, useRef, useState } from 'react';
import { LIMITS } from '@shared/limits';

/** `trying`: the app's link was followed and we wait; `fallback`: the page is still in front, so offer the other ways. */
export type OpenAppState = 'idle' | 'trying' | 'fallback';

/**
 * Follows the app's link (a location change to its scheme) when `link` is given, then shows the
 * fallback once the wait is over and this page is (again) the visible one: a phone that opened
 * the app hides the page, a browser without the app stays on it.
 */
export function useOpenApp(link: string | null) {
  const [state, setState] = useState<OpenAppState>(link ? 'trying' : 'idle');
  const [attempt, setAttempt] = useState(0);
  // Strict mode runs effects twice in development; the app is opened once per attempt.
  const launched = useRef<string | null>(null);

  useEffect(() => {
    if (!link) {
      setState('idle');
      return;
    }
    const key = `${attempt}:${link}`;
    if (launched.current !== key) {
      launched.current = key;
      window.location.href = link;
    }
    setState('trying');
    const showWhenVisible = () => {
      if (document.visibilityState === 'visible') setState('fallback');
    };
    const timer = window.setTimeout(() => {
      showWhenVisible();
      document.addEventListener('visibilitychange', showWhenVisible);
    }, LIMITS.companionAppOpenWaitMs);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', showWhenVisible);
    };
  }, [link, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
