import { isAdmin } from '@shared/privileges';
import { parseRoom } from '@shared/socket';

export interface SocketIdentity {
  userId: number;
  privileges: string[];
  username?: string;
}

/** Who may join which room (DESIGN §5): cases and `all` are public; the rest are checked here, never trusted. */
export function mayJoin(room: string, who: SocketIdentity | null): 'ok' | 'room.bad' | 'room.forbidden' {
  const parsed = parseRoom(room);
  if (!parsed) return 'room.bad';
  switch (parsed.kind) {
    case 'case':
    case 'all':
      return 'ok';
    case 'user':
      return who && who.userId === parsed.id ? 'ok' : 'room.forbidden';
    case 'chat':
      return who && (who.userId === parsed.a || who.userId === parsed.b) ? 'ok' : 'room.forbidden';
    case 'staff':
      return who && isAdmin(who.privileges) ? 'ok' : 'room.forbidden';
  }
}
