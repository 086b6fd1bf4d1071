import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RoomEvent, RoomName } from '@shared/socket';
import { realtime } from './RealtimeClient';

interface RoomHandlers {
  /** Where the page's data is current as of (a read's `lastSeq`): the join replays what came after. */
  lastSeq?: number;
  onEvent: (event: RoomEvent) => void;
  /** The room was too far behind to replay: reload what the page shows. */
  onRefetch: () => void;
  /** Each time the room is joined (the first time, and again after a reconnect). */
  onJoin?: () => void;
}

/** How long a page waits for its room before loading without it (realtime down or blocked). */
const JOIN_WAIT_MS = 1500;

/**
 * Listens to a room while the page is open. `ready` turns true once the room is joined (or the
 * wait is over): data loaded from then on misses no event, as everything newer arrives live and
 * re-joins replay what a dropped connection missed.
 */
export function useRoom(room: RoomName | null, handlers: RoomHandlers) {
  const [ready, setReady] = useState<RoomName | null>(null);
  const ref = useRef(handlers);
  useLayoutEffect(() => {
    ref.current = handlers;
  });

  useEffect(() => {
    if (room === null) return;
    const timer = setTimeout(() => setReady(room), JOIN_WAIT_MS);
    const leave = realtime.join(room, {
      lastSeq: ref.current.lastSeq,
      onEvent: (event) => ref.current.onEvent(event),
      onRefetch: () => ref.current.onRefetch(),
      onJoin: (result) => {
        clearTimeout(timer);
        setReady(room);
        if (result.ok) ref.current.onJoin?.();
      },
    });
    return () => {
      clearTimeout(timer);
      leave();
    };
  }, [room]);

  return ready !== null && ready === room;
}
