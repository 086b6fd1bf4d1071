import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const script = path.resolve(import.meta.dirname, '../../scripts/redis-cluster.sh');

/**
 * The cluster CI starts before the suites (`scripts/redis-cluster.sh start`, ports 7000-7005);
 * REDIS_CLUSTER_NODES names another. Locally: run the script once.
 */
export const sharedClusterNodes = () => process.env.REDIS_CLUSTER_NODES ?? '127.0.0.1:7000,127.0.0.1:7001,127.0.0.1:7002';

/** A cluster of a test's own (three masters, three replicas from `base`), for tests that fail a master over. */
export interface PrivateCluster {
  nodes: string;
  ports: number[];
  cli(port: number, ...args: string[]): Promise<string>;
  stop(): Promise<void>;
}

export async function startPrivateCluster(base: number): Promise<PrivateCluster> {
  await run(script, ['start', String(base)], { timeout: 30_000 });
  const ports = Array.from({ length: 6 }, (_, i) => base + i);
  return {
    nodes: ports.slice(0, 3).map((p) => `127.0.0.1:${p}`).join(','),
    ports,
    cli: async (port, ...args) => (await run('redis-cli', ['-p', String(port), ...args])).stdout.trim(),
    stop: async () => void (await run(script, ['stop', String(base)], { timeout: 30_000 })),
  };
}
