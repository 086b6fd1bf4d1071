import { roomOf, type RoomName } from '@shared/socket';
import type { MessageRow } from './presenter';

/**
 * The rooms that hear of a message (docs/architecture.md#rooms-sequences-replay-and-refetch): a person-to-person message (and a system notice)
 * goes to the `user:` rooms of both parties, so the recipient sees it arrive and the sender's
 * other tabs show it too. Broadcasts go to the room of their audience: `toAdmins` to `staff`;
 * `toAll` and `toNormals` to `all`. There is no room of non-staff users, and none is needed for
 * secrecy: anyone can sign up and read `toNormals` in their announce box, so its text is not
 * private; carrying it on `all` keeps one replayable sequence for every signed-in tab, and the
 * client shows it only to accounts it is meant for (`broadcastReaches`).
 */
export function roomsOf(row: Pick<MessageRow, 'type' | 'byUserId' | 'toUserId'>): RoomName[] {
  if (row.type === 'toAdmins') return [roomOf.staff];
  if (row.type === 'toAll' || row.type === 'toNormals') return [roomOf.all];
  const ids = [...new Set([row.toUserId, row.byUserId].filter((id): id is number => id !== null))];
  return ids.map(roomOf.user);
}
