import { LIMITS } from '@shared/limits';
import type { TokenUserInfo } from '@client/api/types';

/** The 7-day login cookie: written by the page, never read by the server (it only trusts the header). */
export const SESSION_COOKIE = 'tribunal_session';

export interface StoredSession {
  token: string;
  userinfo: TokenUserInfo;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function isStoredSession(value: unknown): value is StoredSession {
  const v = value as StoredSession | null;
  return !!v && typeof v.token === 'string' && v.token.length > 0 && !!v.userinfo && typeof v.userinfo.userId === 'number';
}

/** The raw value of the login cookie in a `document.cookie` string, or null when absent. */
function rawCookie(cookieString: string): string | null {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The session kept in the cookie; null when there is none or it lacks a token. */
export function parseSessionCookie(cookieString: string): StoredSession | null {
  const raw = rawCookie(cookieString);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(decodeURIComponent(raw));
    return isStoredSession(value) ? value : null;
  } catch {
    return null;
  }
}

/** The cookie expires with the token, and never later than 7 days after sign-in. */
export function sessionExpiry(userinfo: TokenUserInfo): Date {
  const lifetime = Math.min(userinfo.expiresIn || Infinity, LIMITS.loginCookieDays * DAY_MS);
  return new Date(userinfo.signWhen + lifetime);
}

export function serializeSessionCookie(session: StoredSession, secure: boolean): string {
  const value = encodeURIComponent(JSON.stringify(session));
  const expires = sessionExpiry(session.userinfo).toUTCString();
  return `${SESSION_COOKIE}=${value}; Expires=${expires}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export const EXPIRED_SESSION_COOKIE = `${SESSION_COOKIE}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/; SameSite=Lax`;

/** Reads the login cookie, removing it when it is present but unusable. */
export function loadSession(): StoredSession | null {
  const session = parseSessionCookie(document.cookie);
  if (!session && rawCookie(document.cookie) !== null) document.cookie = EXPIRED_SESSION_COOKIE;
  return session;
}

export function saveSession(session: StoredSession) {
  document.cookie = serializeSessionCookie(session, location.protocol === 'https:');
}

export function clearSession() {
  document.cookie = EXPIRED_SESSION_COOKIE;
}
