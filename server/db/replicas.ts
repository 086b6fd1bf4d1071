import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { openPostgresHandle, type PostgresHandle } from './client';
import { LagClock, parseLsn } from './replica-lag';
import { isUnavailable } from './errors';
import { isStaleStatement } from './stale-statements';

export interface ReplicaOptions {
  urls: string[];
  /** A replica further behind than this leaves the rotation. */
  maxLagMs: number;
  /** How often the primary's position and each replica's are read. */
  checkMs: number;
  poolSize?: number;
  statementTimeoutMs?: number;
  /** Told when a replica leaves or rejoins the rotation. */
  onChange?: (change: { url: string; healthy: boolean; reason: string; lagMs: number }) => void;
}

interface Replica {
  url: string;
  handle: PostgresHandle;
  healthy: boolean;
  /** The newest position it was seen to have replayed (it only grows): a lower bound of what it holds now. */
  replayed: bigint;
  lagMs: number;
}

/** What the application reads of a replica's state (`replicaStates`), for logs and tests. */
export interface ReplicaState {
  url: string;
  healthy: boolean;
  lagMs: number;
}

/** PostgreSQL read replicas: in rotation while reachable and close enough behind the primary (docs/operations.md#read-replicas). */
export interface ReplicaSet {
  /** A replica in rotation that has replayed at least `minLsn` (round robin), else null: read the primary. */
  pick(minLsn?: bigint): { db: Db; url: string } | null;
  /** A query failed there for want of the server: out of rotation until a health check finds it well. */
  failed(url: string, reason: string): void;
  /**
   * The primary's WAL position now (written out, `pg_current_wal_lsn()`): a write committed before
   * this call is at or before it (commits wait for their record to reach the disk unless
   * `synchronous_commit` is off, which we never set). Not the insert position: after a record that
   * ends on a page's end it points past the next page's header, where no replica's replay ever stops.
   */
  primaryPosition(): Promise<bigint>;
  /** Runs one health check now (the timer runs them every `checkMs`). */
  check(): Promise<void>;
  states(): ReplicaState[];
  close(): Promise<void>;
}

const describe = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Opens a pool per replica (no migrations: replicas follow the primary's) and checks them every
 * `checkMs`: a replica that does not answer, is no longer in recovery (promoted: it would take
 * writes the primary never sees), or lags beyond `maxLagMs` leaves the rotation; it comes back when a
 * check finds it reachable and within half the limit (half, so that one hovering at the limit does
 * not flap in and out).
 */
export async function openReplicas(primary: Db, opts: ReplicaOptions): Promise<ReplicaSet> {
  const replicas: Replica[] = [];
  for (const url of opts.urls) {
    const handle = await openPostgresHandle(url, { poolSize: opts.poolSize, genericPlanPoolSize: 2, statementTimeoutMs: opts.statementTimeoutMs });
    // In rotation from the first check that finds it well.
    replicas.push({ url, handle, healthy: false, replayed: 0n, lagMs: Infinity });
  }
  const clock = new LagClock(Math.max(opts.maxLagMs * 4, opts.checkMs * 4));
  let next = 0;

  const setHealth = (r: Replica, healthy: boolean, reason: string) => {
    if (r.healthy === healthy) return;
    r.healthy = healthy;
    opts.onChange?.({ url: r.url, healthy, reason, lagMs: r.lagMs });
  };

  const primaryPosition = async () => {
    const { rows } = (await primary.execute(sql`select pg_current_wal_lsn()::text as lsn`)) as unknown as { rows: Array<{ lsn: string }> };
    return parseLsn(rows[0]!.lsn);
  };

  const checkOne = async (r: Replica) => {
    try {
      const { rows } = (await r.handle.db.execute(sql`select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as lsn`)) as unknown as {
        rows: Array<{ standby: boolean; lsn: string | null }>;
      };
      const row = rows[0]!;
      if (!row.standby || !row.lsn) {
        r.lagMs = Infinity;
        return setHealth(r, false, 'not a standby (promoted?)');
      }
      const replayed = parseLsn(row.lsn);
      if (replayed > r.replayed) r.replayed = replayed;
      r.lagMs = clock.lagOf(r.replayed, Date.now());
      if (r.lagMs > opts.maxLagMs) setHealth(r, false, `${r.lagMs} ms behind`);
      else if (r.lagMs <= opts.maxLagMs / 2) setHealth(r, true, 'caught up');
    } catch (e) {
      r.lagMs = Infinity;
      setHealth(r, false, describe(e));
    }
  };

  let checking: Promise<void> | null = null;
  const check = () =>
    (checking ??= (async () => {
      try {
        clock.sample(await primaryPosition(), Date.now());
      } catch {
        // The primary is down: nothing to measure against; the replicas keep their standing.
        return;
      }
      await Promise.all(replicas.map(checkOne));
    })().finally(() => (checking = null)));

  const timer = setInterval(() => void check(), opts.checkMs);
  timer.unref();
  await check();

  return {
    pick(minLsn = 0n) {
      for (let i = 0; i < replicas.length; i++) {
        const r = replicas[(next + i) % replicas.length]!;
        if (r.healthy && r.replayed >= minLsn) {
          next = (next + i + 1) % replicas.length;
          return { db: r.handle.db, url: r.url };
        }
      }
      return null;
    },
    failed(url, reason) {
      const r = replicas.find((x) => x.url === url);
      if (!r) return;
      r.lagMs = Infinity;
      setHealth(r, false, reason);
    },
    primaryPosition,
    check,
    states: () => replicas.map((r) => ({ url: r.url, healthy: r.healthy, lagMs: r.lagMs })),
    async close() {
      clearInterval(timer);
      await checking?.catch(() => undefined);
      await Promise.all(replicas.map((r) => r.handle.close()));
    },
  };
}

/**
 * Whether a read that failed on a replica should run again on the primary: the replica is gone or
 * cannot serve (connection lost, shutting down, too many clients), or PostgreSQL cancelled the read
 * to replay WAL (SQLSTATE 40001 on a standby). A statement over its time limit is not run twice:
 * it would take as long there. `down`: the replica itself is unwell (leaves the rotation).
 */
export function replicaFailure(e: unknown): { retry: boolean; down: boolean } {
  const code = (e as { code?: unknown; cause?: { code?: unknown } }).code ?? (e as { cause?: { code?: unknown } }).cause?.code;
  if (code === '57014') return { retry: false, down: false };
  // A named statement a migration outdated there is renamed by its pool (`keepStatementsThroughMigrations`).
  if (code === '40001' || isStaleStatement(e) || isStaleStatement((e as { cause?: unknown }).cause)) return { retry: true, down: false };
  const down = isUnavailable(e);
  return { retry: down, down };
}
