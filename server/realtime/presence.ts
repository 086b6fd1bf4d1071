import { isAdmin } from '@shared/privileges';
import { parseRoom, type CaseViewer } from '@shared/socket';
import type { SocketIdentity } from './authorize';

/** The server-only room of the staff sockets on a case page (clients cannot join it: it does not parse). */
export const staffRoomOfCase = (room: string) => `${room}:staff`;

/** Whether joining `room` makes this socket a visible viewer: staff on a case page. */
export function viewerOf(room: string, who: SocketIdentity | null): CaseViewer | null {
  if (!who || !isAdmin(who.privileges) || parseRoom(room)?.kind !== 'case') return null;
  return { id: who.userId, username: who.username ?? '', privileges: who.privileges };
}

/** One line per user, however many tabs or nodes they are on, in a stable order. */
export function distinctViewers(list: Array<CaseViewer | undefined>): CaseViewer[] {
  const byId = new Map<number, CaseViewer>();
  for (const v of list) if (v && !byId.has(v.id)) byId.set(v.id, v);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}
