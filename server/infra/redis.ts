import type { Redis, RedisOptions } from 'ioredis';
import { ioredis } from './redis-packages';

/**
 * Connections keep reconnecting on their own while Redis is away; their 'error' events say only
 * that, and /api/health reports Redis down, so they are not logged one by one.
 */
const quiet = (redis: Redis) => redis.on('error', () => undefined);

/**
 * The command connection: while Redis is down a command fails after one reconnection attempt
 * (the request answers 503 or falls back) instead of waiting for Redis to come back.
 */
export function createRedis(url: string): Redis {
  const { Redis } = ioredis();
  return quiet(new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: false }));
}

/**
 * Another connection to the same Redis. `waitWhileDown`: commands wait for the reconnection
 * instead of failing — for subscribers, blocking workers, and callers that do not await their
 * commands (the Socket.IO adapter's publishes), which must never see a rejection.
 */
export function duplicateRedis(redis: Redis, opts: { waitWhileDown?: boolean } = {}): Redis {
  const options: Partial<RedisOptions> = opts.waitWhileDown ? { maxRetriesPerRequest: null } : {};
  return quiet(redis.duplicate(options));
}

/**
 * For a library that sends commands without awaiting them (the Socket.IO adapter publishes and
 * (un)subscribes so): a command that fails — Redis away, connection closed at shutdown — is
 * counted as handled here, instead of becoming an unhandled rejection that would end the process.
 * Whoever does await a command still sees its failure.
 */
export function withoutUnhandledRejections(redis: Redis, commands: readonly string[]): Redis {
  const target = redis as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of commands) {
    if (typeof target[name] !== 'function') continue;
    const send = target[name].bind(redis);
    target[name] = (...args: unknown[]) => {
      const result = send(...args);
      if (result instanceof Promise) result.catch(() => undefined);
      return result;
    };
  }
  return redis;
}
