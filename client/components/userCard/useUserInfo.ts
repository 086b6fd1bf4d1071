import { useEffect, useState } from 'react';
import { getUserInfo } from '@client/api/users';
import type { UserInfo } from '@client/api/types';

/** Profiles fetched this visit, per id and per view (staff get more fields). */
const cache = new Map<string, Promise<UserInfo>>();

function load(id: number, asStaff: boolean) {
  const key = `${asStaff ? 'staff' : 'public'}:${id}`;
  let pending = cache.get(key);
  if (!pending) {
    pending = getUserInfo(id, asStaff);
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}

/** A user's profile once `enabled` (e.g. when a hover card opens), shared by every card of the page. */
export function useUserInfo(id: number, asStaff: boolean, enabled: boolean) {
  const [state, setState] = useState<{ info: UserInfo | null; error: unknown }>({ info: null, error: null });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    load(id, asStaff).then(
      (info) => live && setState({ info, error: null }),
      (error: unknown) => live && setState({ info: null, error }),
    );
    return () => {
      live = false;
    };
  }, [id, asStaff, enabled]);
  return state;
}
