import { z } from 'zod';
import { duplicateRedis, type RedisClient } from '@server/infra/redis';
import type { Logger } from '@server/infra/logger';
import type { RoomEvent } from '@shared/socket';

/**
 * What must happen to a user's open sockets when their session or rights change, on every node:
 * `end` after a sign-out, a password change or a revoked token (the sockets are disconnected; the
 * client's reconnect then fails its handshake and signs out); `recheck` after a ban or a demotion
 * (the sockets leave every room their user may no longer hear).
 */
export interface SessionControl {
  /**
   * `revoked`: the `session.revoked` event that ended the session. Each node hands it to the user's
   * sockets in its room itself, just before it disconnects them: the room broadcast travels by
   * another Redis connection (with the sharded and streams adapters even to the node's own sockets)
   * and may arrive after the disconnect. A socket that got both drops the second by its sequence.
   */
  end(userId: number, revoked?: RevokedEvent): Promise<void>;
  recheck(userId: number): Promise<void>;
}

export type RevokedEvent = Extract<RoomEvent, { name: 'session.revoked' }>;

const revokedEvent = z.object({
  room: z.string(),
  seq: z.number().int(),
  name: z.literal('session.revoked'),
  payload: z.object({ userId: z.number().int(), at: z.string() }),
  at: z.string(),
});
/** What travels on the channel (written by our own nodes and CLI, read with care all the same). */
const command = z.discriminatedUnion('op', [
  z.object({ op: z.literal('end'), userId: z.number().int(), revoked: revokedEvent.optional() }),
  z.object({ op: z.literal('recheck'), userId: z.number().int() }),
]);
type Command = z.infer<typeof command>;

const controlChannel = (prefix: string) => `${prefix}realtime:control`;

/** Commands travel over Redis to every node (the CLI uses this too); each node acts on its own sockets. */
export function publishingControl(redis: RedisClient, prefix: string): SessionControl {
  const send = async (command: Command) => {
    await redis.publish(controlChannel(prefix), JSON.stringify(command));
  };
  return { end: (userId, revoked) => send({ op: 'end', userId, revoked }), recheck: (userId) => send({ op: 'recheck', userId }) };
}

/** Runs the commands published on the channel against this node's sockets. */
export async function listenForControl(redis: RedisClient, prefix: string, local: SessionControl, log: Logger): Promise<() => void> {
  const sub = duplicateRedis(redis, { waitWhileDown: true });
  const channel = controlChannel(prefix);
  sub.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    let read: Command;
    try {
      read = command.parse(JSON.parse(message));
    } catch (err) {
      return log.warn({ err }, 'unreadable session control message');
    }
    void (read.op === 'end' ? local.end(read.userId, read.revoked) : local.recheck(read.userId)).catch((err: unknown) => log.warn({ err }, 'session control failed'));
  });
  await sub.subscribe(channel);
  return () => sub.disconnect();
}

/** Nothing to tell (no server attached: the CLI without Redis, whose database no server has open). */
export const noSessionControl: SessionControl = { end: async () => undefined, recheck: async () => undefined };
