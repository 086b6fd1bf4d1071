import { proxy, subscribe } from 'valtio';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or full storage: the value lasts for this page only.
  }
}

/**
 * A valtio store kept in one localStorage entry: read (through `parse`, which never throws) when
 * first made, saved after every change, and re-read when another tab changes it.
 */
export function localStore<T extends object>(key: string, parse: (raw: string | null) => T): T {
  const store = proxy<T>(parse(read(key)));
  let replacing = false;
  subscribe(store, () => {
    if (!replacing) write(key, store);
  });
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (e) => {
      if (e.key !== key) return;
      replacing = true;
      Object.assign(store, parse(e.newValue));
      // valtio notifies asynchronously: let that notification pass before saving again.
      queueMicrotask(() => queueMicrotask(() => (replacing = false)));
    });
  }
  return store;
}

/** JSON.parse that answers undefined for a missing or damaged entry. */
export function parseJson(raw: string | null): unknown {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** Whether this browser lets the site keep data (not in some private modes, or with storage blocked). */
export function storageWorks(): boolean {
  try {
    const key = 'tribunal:probe';
    localStorage.setItem(key, '1');
    localStorage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}
