import { useEffect, useRef, useState } from 'react';

export type OneShot<T> = { state: 'pending' } | { state: 'done'; value: T } | { state: 'failed'; error: unknown };

/**
 * Runs a call once per key when the page opens, for calls that must not repeat (a mailed code
 * works once, so a second call would fail even though the first succeeded).
 */
export function useOneShot<T>(key: string | null, run: (key: string) => Promise<T>): OneShot<T> {
  const [result, setResult] = useState<OneShot<T>>({ state: 'pending' });
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (key === null || started.current === key) return;
    started.current = key;
    setResult({ state: 'pending' });
    run(key).then(
      (value) => setResult({ state: 'done', value }),
      (error: unknown) => setResult({ state: 'failed', error }),
    );
  }, [key, run]);
  return result;
}
