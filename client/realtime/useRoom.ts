import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { roomOf, type RoomEvent } from '@shared/socket';
import { realtime } from '@client/realtime/RealtimeClient';

interface CaseRoomHandlers {
  onEvent: (event: RoomEvent) => void;
  /** The room was too far behind to replay: reload what the page shows. */
  onRefetch: () => void;
}

/** How long a page waits for the room before loading without it (realtime down or blocked). */
const JOIN_WAIT_MS = 1500;

/**
 * Listens to a case's room while the page is open. `ready` turns true once the room is joined
 * (or the wait is over): data loaded from then on misses no event, as everything newer arrives
 * live and re-joins replay what a dropped connection missed.
 */
export function useCaseRoom(caseId: number | null, handlers: CaseRoomHandlers) {
  const [ready, setReady] = useState<number | null>(null);
  const ref = useRef(handlers);
  useLayoutEffect(() => {
    ref.current = handlers;
  });

  useEffect(() => {
    if (caseId === null) return;
    const timer = setTimeout(() => setReady(caseId), JOIN_WAIT_MS);
    const leave = realtime.join(roomOf.case(caseId), {
      onEvent: (event) => ref.current.onEvent(event),
      onRefetch: () => ref.current.onRefetch(),
      onJoin: () => {
        clearTimeout(timer);
        setReady(caseId);
      },
    });
    return () => {
      clearTimeout(timer);
      leave();
    };
  }, [caseId]);

  return ready !== null && ready === caseId;
}
