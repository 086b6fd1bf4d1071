import type { RoomEvent } from '@shared/socket';
import type { SoundKind } from '@client/state/voice';

/**
 * Which cue an event of the session's rooms calls for, if any: a message someone else sent me,
 * an inbox notice about a case (a verdict or status change of a case I follow, or of my own
 * account), a new appeal for staff (the staff room's `banAppeal` notices).
 */
export function soundOf(event: RoomEvent, me: number | null): SoundKind | null {
  if (event.name === 'message.new') {
    const m = event.payload.message;
    return me !== null && m.toUserId === me && m.byUserId !== null && m.byUserId !== me ? 'message' : null;
  }
  if (event.name === 'notification') {
    if (event.payload.type === 'banAppeal') return event.room === 'staff' ? 'appeal' : null;
    return event.room === `user:${me}` && event.payload.type === 'warn' && event.payload.playerId ? 'judgement' : null;
  }
  return null;
}
