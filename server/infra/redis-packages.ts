import { createRequire } from 'node:module';

/**
 * The Redis client, BullMQ and the Socket.IO Redis adapter, loaded when a node first uses Redis:
 * an embedded node (no REDIS_URL) never does, and loading them at start cost it 11 MB resident.
 * They are CommonJS packages, so `require` gives the very module an import would, at once, where
 * the callers are synchronous.
 */
const load = createRequire(import.meta.url);

export const ioredis = () => load('ioredis') as typeof import('ioredis');
export const bullmq = () => load('bullmq') as typeof import('bullmq');
export const redisAdapter = () => load('@socket.io/redis-adapter') as typeof import('@socket.io/redis-adapter');
