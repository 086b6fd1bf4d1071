import type { Redis } from 'ioredis';
import { duplicateRedis } from '@server/infra/redis';
import type { Logger } from '@server/infra/logger';

/**
 * What must happen to a user's open sockets when their session or rights change, on every node:
 * `end` after a sign-out, a password change or a revoked token (the sockets are disconnected; the
 * client's reconnect then fails its handshake and signs out); `recheck` after a ban or a demotion
 * (the sockets leave every room their user may no longer hear).
 */
export interface SessionControl {
  end(userId: number): Promise<void>;
  recheck(userId: number): Promise<void>;
}

type Command = { op: 'end' | 'recheck'; userId: number };

const controlChannel = (prefix: string) => `${prefix}realtime:control`;

/** Commands travel over Redis to every node (the CLI uses this too); each node acts on its own sockets. */
export function publishingControl(redis: Redis, prefix: string): SessionControl {
  const send = async (command: Command) => {
    await redis.publish(controlChannel(prefix), JSON.stringify(command));
  };
  return { end: (userId) => send({ op: 'end', userId }), recheck: (userId) => send({ op: 'recheck', userId }) };
}

/** Runs the commands published on the channel against this node's sockets. */
export async function listenForControl(redis: Redis, prefix: string, local: SessionControl, log: Logger): Promise<() => void> {
  const sub = duplicateRedis(redis, { waitWhileDown: true });
  const channel = controlChannel(prefix);
  sub.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    try {
      const command = JSON.parse(message) as Command;
      if (typeof command.userId !== 'number') return;
      void (command.op === 'end' ? local.end(command.userId) : local.recheck(command.userId)).catch((err: unknown) => log.warn({ err }, 'session control failed'));
    } catch (err) {
      log.warn({ err }, 'unreadable session control message');
    }
  });
  await sub.subscribe(channel);
  return () => sub.disconnect();
}

/** Nothing to tell (no server attached: the CLI without Redis, whose database no server has open). */
export const noSessionControl: SessionControl = { end: async () => undefined, recheck: async () => undefined };
