import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('Redis settings', () => {
  it('reads a cluster from REDIS_CLUSTER_NODES and an adapter from SOCKET_ADAPTER', () => {
    const config = loadConfig({ REDIS_CLUSTER_NODES: ' 10.0.0.1:7000, redis-b:7001 ,', SOCKET_ADAPTER: 'classic' });
    expect(config.redisClusterNodes).toEqual([
      { host: '10.0.0.1', port: 7000 },
      { host: 'redis-b', port: 7001 },
    ]);
    expect(config.socketAdapter).toBe('classic');
    expect(loadConfig({}).redisClusterNodes).toBeUndefined();
    expect(loadConfig({ SOCKET_ADAPTER: '' }).socketAdapter).toBe('sharded');
    expect(loadConfig({ SOCKET_ADAPTER: 'streams' }).socketAdapter).toBe('streams');
  });

  it('refuses a node without a port, a port out of range, both REDIS_URL and a cluster, and an unknown adapter', () => {
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'redis-a' })).toThrow(/REDIS_CLUSTER_NODES.*host:port/);
    expect(() => loadConfig({ REDIS_CLUSTER_NODES: 'redis-a:70000' })).toThrow(/above 65535/);
    expect(() => loadConfig({ REDIS_URL: 'redis://r:6379', REDIS_CLUSTER_NODES: 'r:7000' })).toThrow(/not both/);
    expect(() => loadConfig({ SOCKET_ADAPTER: 'kafka' })).toThrow(/SOCKET_ADAPTER/);
  });
});
