import { Redis } from 'ioredis';

/** One ioredis connection; callers duplicate it for subscribers and blocking clients. */
export function createRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
}
