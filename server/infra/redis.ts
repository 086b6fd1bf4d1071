import type { Cluster, Redis, RedisOptions } from 'ioredis';
import { ioredis } from './redis-packages';

/** One Redis (REDIS_URL) or a Redis Cluster (REDIS_CLUSTER_NODES): the same commands on either. */
export type RedisClient = Redis | Cluster;

/** Where Redis is, as the configuration tells it (server/config.ts). */
export interface RedisTarget {
  redisUrl?: string;
  redisClusterNodes?: Array<{ host: string; port: number }>;
}

/**
 * Connections keep reconnecting on their own while Redis is away; their 'error' events say only
 * that, and /api/health reports Redis down, so they are not logged one by one.
 */
const quiet = <T extends RedisClient>(redis: T): T => {
  redis.on('error', () => undefined);
  return redis;
};

export const isCluster = (redis: RedisClient): redis is Cluster => redis.isCluster;

/**
 * The command connection: while Redis is down a command fails after one reconnection attempt
 * (the request answers 503 or falls back) instead of waiting for Redis to come back.
 */
export function createRedis(url: string): Redis {
  const { Redis } = ioredis();
  return quiet(new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: false }));
}

/**
 * The command connection to a cluster. A command to a slot whose master just failed is retried
 * while the cluster elects its replica (`retryDelayOnFailover` × `maxRedirections`, about 3 s), then fails.
 */
export function createRedisCluster(nodes: Array<{ host: string; port: number }>): Cluster {
  const { Cluster } = ioredis();
  return quiet(new Cluster(nodes, { redisOptions: { maxRetriesPerRequest: 1 }, retryDelayOnFailover: 200, retryDelayOnClusterDown: 200, maxRedirections: 16 }));
}

/** The configured Redis, or none (embedded mode). */
export function connectRedis(target: RedisTarget): RedisClient | undefined {
  if (target.redisClusterNodes?.length) return createRedisCluster(target.redisClusterNodes);
  return target.redisUrl ? createRedis(target.redisUrl) : undefined;
}

/**
 * Another connection to the same Redis. `waitWhileDown`: commands wait for the reconnection
 * instead of failing — for subscribers, blocking workers, and callers that do not await their
 * commands (the Socket.IO adapter's publishes), which must never see a rejection.
 */
export function duplicateRedis<T extends RedisClient>(redis: T, opts: { waitWhileDown?: boolean } = {}): T {
  const options: Partial<RedisOptions> = opts.waitWhileDown ? { maxRetriesPerRequest: null } : {};
  if (isCluster(redis)) return quiet(redis.duplicate([], { redisOptions: options })) as T;
  return quiet((redis as Redis).duplicate(options)) as T;
}

/**
 * Every key of a prefix, on every master of a cluster (SCAN walks one node only) or on the one Redis.
 * For cleaning up after tests and benches.
 */
export async function unlinkPrefixed(redis: RedisClient, prefix: string): Promise<void> {
  if (isCluster(redis) && redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
  const nodes = isCluster(redis) ? redis.nodes('master') : [redis];
  for (const node of nodes) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      // One key at a time: a cluster refuses a command whose keys lie in different slots.
      for (const key of keys) await node.unlink(key).catch(() => undefined);
    } while (cursor !== '0');
  }
}

/**
 * For a library that sends commands without awaiting them (the Socket.IO adapter publishes and
 * (un)subscribes so): a command that fails — Redis away, connection closed at shutdown — is
 * counted as handled here, instead of becoming an unhandled rejection that would end the process.
 * Whoever does await a command still sees its failure.
 */
export function withoutUnhandledRejections<T extends RedisClient>(redis: T, commands: readonly string[]): T {
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
