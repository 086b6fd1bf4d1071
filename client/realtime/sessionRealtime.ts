import { subscribe } from 'valtio';
import { roomOf, type RoomEvent } from '@shared/socket';
import { refreshMe, session } from '@client/state/session';
import { realtime } from './RealtimeClient';
import { showNotification } from './showNotification';

/** True when a `session.revoked` event covers the token this tab holds (issued at `signWhen`). */
export function revokesToken(event: RoomEvent, signWhen: number | undefined) {
  return event.name === 'session.revoked' && signWhen !== undefined && signWhen <= Date.parse(event.payload.at);
}

/**
 * Keeps the realtime connection in step with the session: it carries the current token and
 * listens to the user's own room while signed in.
 */
export function startSessionRealtime(onRevoked: () => void) {
  let joinedUser: number | null = null;
  let leave: (() => void) | null = null;

  const sync = () => {
    realtime.setToken(session.token);
    const userId = session.token ? (session.userinfo?.userId ?? null) : null;
    if (userId === joinedUser) return;
    leave?.();
    leave = null;
    joinedUser = userId;
    if (userId === null) return;
    leave = realtime.join(roomOf.user(userId), {
      onEvent: (event) => {
        if (revokesToken(event, session.userinfo?.signWhen)) onRevoked();
        else if (event.name === 'user.updated') void refreshMe().catch(() => undefined);
        else if (event.name === 'notification') showNotification(event.payload);
      },
    });
  };

  realtime.onAuthRefused = onRevoked;
  sync();
  return subscribe(session, sync);
}
