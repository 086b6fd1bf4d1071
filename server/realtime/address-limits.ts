import type { Socket } from 'socket.io';
import type { RateLimiter } from '@server/infra/rate-limits';

/**
 * Takes `points` of a client address's limit: null when they were there, else how long until the
 * window ends (ms). A failing store rejects (the Redis limiters fall back to memory first).
 */
export async function waitBeforeNext(limiter: RateLimiter, address: string, points = 1): Promise<number | null> {
  try {
    await limiter.consume(address, points);
    return null;
  } catch (e) {
    if (e instanceof Error) throw e;
    return Math.max(1, Math.ceil((e as { msBeforeNext?: number }).msBeforeNext ?? 1000));
  }
}

/**
 * How long until the address's window ends when it has no point left, else null: checked before a
 * replay is read, so an address that spent its budget costs no read of the history.
 */
export async function spentFor(limiter: RateLimiter, address: string): Promise<number | null> {
  const state = await limiter.get(address);
  return state && state.remainingPoints <= 0 ? Math.max(1, Math.ceil(state.msBeforeNext)) : null;
}

/**
 * The open sockets of each client address on this node, at most `max` each. A socket counts from
 * its handshake until its connection closes, however it ends: a client that hangs up while its
 * handshake is checked never reaches `disconnect`, and would otherwise keep its place for ever.
 */
export function createSocketCounter(max: number) {
  const open = new Map<string, number>();
  return {
    /** Counts the socket when its address has room (its place is given back when its connection closes), or answers false. */
    take(socket: Pick<Socket, 'conn'>, address: string): boolean {
      const held = open.get(address) ?? 0;
      if (held >= max || socket.conn.readyState !== 'open') return false;
      open.set(address, held + 1);
      socket.conn.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
      return true;
    },
    /** Sockets open from this address (tests). */
    of: (address: string) => open.get(address) ?? 0,
  };
}
