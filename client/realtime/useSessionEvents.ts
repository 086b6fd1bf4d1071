import { useEffect, useLayoutEffect, useRef } from 'react';
import type { RoomEvent } from '@shared/socket';
import { onSessionEvent } from './sessionRealtime';

/** Hears the signed-in user's live events (own room and broadcasts) while the component is shown. */
export function useSessionEvents(handler: (event: RoomEvent) => void) {
  const ref = useRef(handler);
  useLayoutEffect(() => {
    ref.current = handler;
  });
  useEffect(() => onSessionEvent((event) => ref.current(event)), []);
}
