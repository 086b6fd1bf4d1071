import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { getUserInfo } from '@client/api/users';
import type { UserInfo } from '@client/api/types';
import { session } from '@client/state/session';

/**
 * Profiles fetched this visit, per id and per view: staff get more fields, and what /user/info
 * answers depends on who asks (admins and the user themself see the game account).
 */
const cache = new Map<string, Promise<UserInfo>>();

function load(id: number, asStaff: boolean, viewerId: number) {
  const key = `${asStaff ? 'staff' : 'info'}:${viewerId}:${id}`;
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
  const snap = useSnapshot(session);
  const viewerId = snap.token ? (snap.userinfo?.userId ?? 0) : 0;
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    load(id, asStaff, viewerId).then(
      (info) => live && setState({ info, error: null }),
      (error: unknown) => live && setState({ info: null, error }),
    );
    return () => {
      live = false;
    };
  }, [id, asStaff, viewerId, enabled]);
  return state;
}
