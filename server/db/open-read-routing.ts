import type { Cluster, Redis } from 'ioredis';
import type { Logger } from '@server/infra/logger';
import type { Database } from './client';
import { primaryOnly, replicaRouting, type ReadRouting } from './read-routing';
import { openReplicas } from './replicas';
import { memoryWritePositions, redisWritePositions } from './write-positions';

/** What the routing reads of the configuration (server/config.ts gives it). */
export interface ReadRoutingSettings {
  replicas: { urls: string[]; maxLagMs: number; checkMs: number };
  dbStatementTimeoutMs: number;
  readCacheTtlMs: number;
  redisPrefix: string;
}

/**
 * The read routing of the configuration: the primary alone in embedded mode or without replicas.
 * A user's write is followed for as long as a replica in rotation may still lack it (its lag limit,
 * plus two checks it may drift between) and an answer kept meanwhile from such a replica may live
 * in the read cache (READ_CACHE_TTL_MS).
 */
export async function openReadRouting(config: ReadRoutingSettings, database: Database, redis: Redis | Cluster | undefined, log: Logger): Promise<ReadRouting> {
  const { urls, maxLagMs, checkMs } = config.replicas;
  if (database.kind !== 'postgres' || urls.length === 0) return primaryOnly(database.db);
  const replicas = await openReplicas(database.db, {
    urls,
    maxLagMs,
    checkMs,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    onChange: ({ url, healthy, reason, lagMs }) =>
      (healthy ? log.info : log.warn).call(log, { replica: redactedUrl(url), lagMs, reason }, healthy ? 'read replica back in rotation' : 'read replica out of rotation'),
  });
  // A replica that is unwell from the start never changes state: say so once.
  for (const r of replicas.states()) if (!r.healthy) log.warn({ replica: redactedUrl(r.url), lagMs: r.lagMs }, 'read replica not in rotation at start');
  const windowMs = maxLagMs + 2 * checkMs + config.readCacheTtlMs;
  const positions = redis ? redisWritePositions(redis, config.redisPrefix, windowMs) : memoryWritePositions(windowMs);
  return replicaRouting(database.db, replicas, positions, {
    onFallback: (url, err) => log.warn({ replica: redactedUrl(url), err }, 'a read failed on a replica; read again on the primary'),
  });
}

/** A replica's URL without its password, for the log. */
function redactedUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}
