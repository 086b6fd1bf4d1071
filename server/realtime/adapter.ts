import type { Server } from 'socket.io';
import { duplicateRedis, isCluster, withoutUnhandledRejections, type RedisClient, type RedisTarget } from '@server/infra/redis';
import { nodeRedis, redisAdapter, streamsAdapter } from '@server/infra/redis-packages';
import type { SocketAdapterKind } from './adapter-kinds';

/** What `io.adapter` takes: one adapter per namespace. */
type AdapterFactory = Parameters<Server['adapter']>[0];

/** The adapter a node's Socket.IO server uses to reach the other nodes, and the connections it opened. */
export interface SocketAdapterLink {
  kind: SocketAdapterKind;
  factory: AdapterFactory;
  close(): Promise<void>;
}

interface Options {
  kind: SocketAdapterKind;
  redis: RedisClient;
  target: RedisTarget;
  /** REDIS_PREFIX: sites sharing one Redis must not receive each other's room events. */
  prefix: string;
}

// The adapters publish and (un)subscribe without awaiting: their connections wait out a Redis restart rather than reject.
const PUBLISHES = ['publish', 'spublish', 'xadd'];
const SUBSCRIBES = ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe', 'pUnsubscribe', 'pSubscribe', 'ssubscribe', 'sunsubscribe'];

/**
 * Opens the adapter's connections. The sharded adapter's node-redis clients are connected before
 * it is used (a cluster client knows no slot before): a node using it waits for Redis at start.
 */
export async function connectSocketAdapter({ kind, redis, target, prefix }: Options): Promise<SocketAdapterLink> {
  const key = `${prefix}socket.io`;
  if (kind === 'sharded') {
    const { createClient, createCluster } = nodeRedis();
    const nodes = target.redisClusterNodes;
    const pub = nodes?.length ? createCluster({ rootNodes: nodes.map((n) => ({ url: `redis://${n.host}:${n.port}` })) }) : createClient({ url: target.redisUrl });
    const sub = pub.duplicate();
    for (const c of [pub, sub]) c.on('error', () => undefined);
    await Promise.all([pub.connect(), sub.connect()]);
    withoutUnhandledRejections(pub as never, ['sPublish', 'publish']);
    withoutUnhandledRejections(sub as never, ['sSubscribe', 'sUnsubscribe']);
    return {
      kind,
      factory: redisAdapter().createShardedAdapter(pub, sub, { channelPrefix: key, subscriptionMode: 'dynamic' }),
      async close() {
        pub.destroy();
        sub.destroy();
      },
    };
  }
  const pub = withoutUnhandledRejections(duplicateRedis(redis, { waitWhileDown: true }), PUBLISHES);
  if (kind === 'streams') {
    return {
      kind,
      // One stream per site; a cluster keeps it on one master (the adapter's order needs one stream).
      factory: streamsAdapter().createAdapter(pub, { streamName: isCluster(redis) ? `{${key}}` : key, channelPrefix: key }),
      async close() {
        pub.disconnect();
      },
    };
  }
  const sub = withoutUnhandledRejections(duplicateRedis(redis, { waitWhileDown: true }), SUBSCRIBES);
  return {
    kind,
    factory: redisAdapter().createAdapter(pub, sub, { key }),
    async close() {
      sub.disconnect();
      pub.disconnect();
    },
  };
}
