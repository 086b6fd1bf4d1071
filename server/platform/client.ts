import type { PlatformIdentity } from './types';

/** A lookup failed for a reason other than "no such account". */
export class PlatformError extends Error {}

export interface PlatformClient {
  baseUrl: string;
  /** The account's user id by exact name, or null. */
  searchUserByName(name: string): Promise<string | null>;
  /** The account's user id by e-mail (only when the account allows e-mail search), or null. */
  searchUserByEmail(email: string): Promise<string | null>;
  searchUsers(prefix: string): Promise<Array<{ personaId: string; userId: string; name: string }>>;
  userInfo(by: { userId: string } | { personaId: string }): Promise<PlatformIdentity | null>;
  userAvatar(userId: string): Promise<string | null>;
  /** Owned game names; null when the account is unknown or keeps them private. */
  userGames(userId: string): Promise<string[] | null>;
  status(): Promise<unknown>;
}

/** Speaks the original lookup-service protocol (`/searchUser`, `/searchUsers`, `/userInfo`, `/userAvatar`, `/status`) over HTTP. */
export function createPlatformClient(baseUrl: string, timeoutMs = 10_000): PlatformClient {
  const base = baseUrl.replace(/\/$/, '');

  async function get<T>(path: string, query: Record<string, string>): Promise<T | null> {
    const url = `${base}${path}?${new URLSearchParams(query)}`;
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (e) {
      throw new PlatformError(`platform directory unreachable: ${(e as Error).message}`);
    }
    if (res.status === 404) return null;
    const body = (await res.json().catch(() => null)) as { success?: number; data?: T } | null;
    if (!res.ok || !body || body.success !== 1) throw new PlatformError(`platform directory answered ${res.status}`);
    return body.data as T;
  }

  return {
    baseUrl: base,
    searchUserByName: (name) => get<string>('/searchUser', { name }),
    searchUserByEmail: (email) => get<string>('/searchUser', { email }),
    searchUsers: async (prefix) => (await get<Array<{ personaId: string; userId: string; name: string }>>('/searchUsers', { name: prefix })) ?? [],
    userInfo: (by) => get<PlatformIdentity>('/userInfo', by as Record<string, string>),
    userAvatar: (userId) => get<string>('/userAvatar', { userId }),
    userGames: (userId) => get<string[]>('/userGames', { userId }),
    status: () => get('/status', {}),
  };
}
