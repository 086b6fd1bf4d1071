import { z } from 'zod';
import { LIMITS } from '../limits';

/**
 * `room:join`: the room's name (`parseRoom` decides whether it is one) and, on a re-join, the last
 * sequence number the client holds: the server replays what is newer. A sequence is a whole number
 * the server handed out, never a fraction or a negative (a fraction reached the replay's bigint
 * comparison and failed in the database).
 */
export const roomJoinRequest = z.object({
  room: z.string().max(LIMITS.roomNameMax),
  lastSeq: z.number().int().nonnegative().optional(),
});
export type RoomJoinRequest = z.infer<typeof roomJoinRequest>;

/** `room:leave`: the room's name. */
export const roomLeaveRequest = z.object({ room: z.string().max(LIMITS.roomNameMax) });
export type RoomLeaveRequest = z.infer<typeof roomLeaveRequest>;
