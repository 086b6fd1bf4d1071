import { subscribe } from 'valtio';
import { isAdmin } from '@shared/privileges';
import { roomOf, type RoomEvent } from '@shared/socket';
import { changesInbox, refreshInbox, resetInbox } from '@client/state/inbox';
import { refreshMe, session, viewerOf } from '@client/state/session';
import { realtime } from './RealtimeClient';
import { showBroadcast, showMessage } from './showMessage';
import { showNotification } from './showNotification';

/** True when a `session.revoked` event covers the token this tab holds (issued at `signWhen`). */
export function revokesToken(event: RoomEvent, signWhen: number | undefined) {
  return event.name === 'session.revoked' && signWhen !== undefined && signWhen <= Date.parse(event.payload.at);
}

type SessionListener = (event: RoomEvent) => void;
const listeners = new Set<SessionListener>();

/**
 * Hears the signed-in user's live events while the returned function is not called: their own
 * room (messages, read states, notifications) and the broadcasts meant for them.
 */
export function onSessionEvent(listener: SessionListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function tell(event: RoomEvent) {
  for (const listener of listeners) listener(event);
}

function dispatch(event: RoomEvent) {
  if (changesInbox(event)) refreshInbox();
  tell(event);
}

/**
 * Keeps the realtime connection in step with the session: it carries the current token and
 * listens to the user's own room while signed in, and to the rooms broadcasts come through
 * (`all`, and `staff` for staff).
 */
export function startSessionRealtime(onRevoked: () => void) {
  let joinedUser: number | null = null;
  let leave: (() => void) | null = null;
  let joinedStaff = false;
  let leaveStaff: (() => void) | null = null;

  const onBroadcast = (event: RoomEvent) => {
    if (event.name !== 'message.new') return;
    showBroadcast(event.payload.message, viewerOf(session).privileges, session.userinfo?.userId ?? null);
    dispatch(event);
  };

  const sync = () => {
    realtime.setToken(session.token);
    const userId = session.token ? (session.userinfo?.userId ?? null) : null;
    const staff = userId !== null && isAdmin(viewerOf(session).privileges);
    if (staff !== joinedStaff || userId !== joinedUser) {
      leaveStaff?.();
      leaveStaff = null;
      joinedStaff = staff;
      // Staff also get the notices meant for all of them (a new appeal) as toasts.
      if (staff) {
        leaveStaff = realtime.join(roomOf.staff, {
          onEvent: (event) => {
            if (event.name !== 'notification') return onBroadcast(event);
            showNotification(event.payload);
            tell(event);
          },
        });
      }
    }
    if (userId === joinedUser) return;
    leave?.();
    leave = null;
    joinedUser = userId;
    resetInbox(userId);
    if (userId === null) return;
    const leaveUser = realtime.join(roomOf.user(userId), {
      onEvent: (event) => {
        if (revokesToken(event, session.userinfo?.signWhen)) return onRevoked();
        if (event.name === 'user.updated') void refreshMe().catch(() => undefined);
        else if (event.name === 'notification') showNotification(event.payload);
        else if (event.name === 'message.new') showMessage(event.payload.message, userId);
        dispatch(event);
      },
      // Counts are read once the room is joined: later changes arrive as events.
      onJoin: () => refreshInbox(0),
      onRefetch: () => refreshInbox(0),
    });
    const leaveAll = realtime.join(roomOf.all, { onEvent: onBroadcast });
    leave = () => {
      leaveUser();
      leaveAll();
    };
  };

  realtime.onAuthRefused = onRevoked;
  sync();
  return subscribe(session, sync);
}
