import { createRequire } from 'node:module';

/**
 * The Redis clients, BullMQ and the Socket.IO Redis adapters, loaded when a node first uses Redis:
 * an embedded node (no REDIS_URL) never does, and loading them at start cost it 11 MB resident.
 * They are CommonJS packages, so `require` gives the very module an import would, at once, where
 * the callers are synchronous.
 */
const load = createRequire(import.meta.url);

export const ioredis = () => load('ioredis') as typeof import('ioredis');
export const bullmq = () => load('bullmq') as typeof import('bullmq');
export const redisAdapter = () => load('@socket.io/redis-adapter') as typeof import('@socket.io/redis-adapter');
export const streamsAdapter = () => load('@socket.io/redis-streams-adapter') as typeof import('@socket.io/redis-streams-adapter');
/** node-redis: the sharded adapter's client (its sharded subscriptions follow a cluster's slots). */
export const nodeRedis = () => load('redis') as typeof import('redis');
