import { mayJoinRoom } from '@shared/policy';

export interface SocketIdentity {
  userId: number;
  privileges: string[];
  username?: string;
}

/** Who may join which room: the shared rule, for the identity a socket's token resolves to now. */
export const mayJoin = (room: string, who: SocketIdentity | null) => mayJoinRoom(room, who && { id: who.userId, privileges: who.privileges });
