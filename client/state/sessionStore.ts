import { cookieValue } from '@shared/cookies';
import { LIMITS } from '@shared/limits';
import type { TokenUserInfo } from '@client/api/types';

/**
 * The 7-day login is kept in the browser's local storage, not in a cookie: a cookie
 * would travel with every request to the site (and its subdomains) although the server never
 * reads it, as the token only counts in the `x-access-token` header (docs/decisions/0006-tokens-in-a-header.md).
 */
export const SESSION_KEY = 'tribunal.session';
/** Where earlier versions kept the login: read once, moved to storage, then removed. */
export const LEGACY_COOKIE = 'tribunal_session';

export interface StoredSession {
  token: string;
  userinfo: TokenUserInfo;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function isStoredSession(value: unknown): value is StoredSession {
  const v = value as StoredSession | null;
  return !!v && typeof v.token === 'string' && v.token.length > 0 && !!v.userinfo && typeof v.userinfo.userId === 'number' && typeof v.userinfo.signWhen === 'number';
}

/** The login lasts as long as the token, and never more than 7 days after sign-in. */
export function sessionExpiry(userinfo: TokenUserInfo): Date {
  const lifetime = Math.min(userinfo.expiresIn || Infinity, LIMITS.loginCookieDays * DAY_MS);
  return new Date(userinfo.signWhen + lifetime);
}

/** A stored session, or null when the text is absent, damaged, lacks a token, or has expired. */
export function parseStoredSession(text: string | null, now = Date.now()): StoredSession | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isStoredSession(value) && sessionExpiry(value.userinfo).getTime() > now ? value : null;
  } catch {
    return null;
  }
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: the login lasts as long as the page
  }
}

function takeLegacyCookie(): string | null {
  const value = cookieValue(document.cookie, LEGACY_COOKIE);
  if (value === undefined) return null;
  document.cookie = `${LEGACY_COOKIE}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Lax`;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** Reads the stored login, removing it when it is present but unusable. */
export function loadSession(): StoredSession | null {
  const store = storage();
  const legacy = takeLegacyCookie();
  if (legacy && store && store.getItem(SESSION_KEY) === null) store.setItem(SESSION_KEY, legacy);
  const text = store?.getItem(SESSION_KEY) ?? legacy;
  const session = parseStoredSession(text);
  if (!session && text !== null) store?.removeItem(SESSION_KEY);
  return session;
}

export function saveSession(session: StoredSession) {
  storage()?.setItem(SESSION_KEY, JSON.stringify(session));
}

export function clearSession() {
  storage()?.removeItem(SESSION_KEY);
}

/** Calls `onChange` when another tab signs in or out. */
export function watchOtherTabs(onChange: () => void): () => void {
  const listener = (e: StorageEvent) => {
    if (e.key === SESSION_KEY || e.key === null) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
