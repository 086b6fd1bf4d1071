import { useEffect, useState } from 'react';
import type { CaseViewer, CaseViewers, RoomName } from '@shared/socket';
import { realtime } from './RealtimeClient';

/**
 * The last word on who of the staff is on each case page (`case:viewers`). Kept from the moment
 * this module loads, so an announcement that comes with the join is not missed by a component
 * that mounts a moment later.
 */
const latest = new Map<string, CaseViewer[]>();
const listeners = new Set<(info: CaseViewers) => void>();

realtime.onViewers((info) => {
  latest.set(info.room, info.viewers);
  for (const listener of listeners) listener(info);
});

/**
 * Staff on the page of `room` right now, or null until the server has said (it tells staff
 * sockets only; visitors and members never hear it).
 */
export function useCaseViewers(room: RoomName | null): CaseViewer[] | null {
  const [viewers, setViewers] = useState<CaseViewer[] | null>(() => (room ? (latest.get(room) ?? null) : null));
  useEffect(() => {
    if (!room) return;
    setViewers(latest.get(room) ?? null);
    const listener = (info: CaseViewers) => {
      if (info.room === room) setViewers(info.viewers);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [room]);
  return viewers;
}

/** The other staff of a viewers list: the viewer themself left out. */
export const otherViewers = (viewers: readonly CaseViewer[], myId: number | undefined) => viewers.filter((v) => v.id !== myId);
