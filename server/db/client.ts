import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../paths';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import * as schema from './schema';
import { setUpDataDirApart } from './pglite-initdb';
import { keepGenericPlansOn } from './generic-plans';

export type Schema = typeof schema;
/** The database handle used everywhere; PGlite and node-postgres share this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A handle inside a transaction (same API). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export const migrationsFolder = path.join(ROOT, 'server', 'db', 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a gzipped tarball (what `loadDataDir` takes back). */
  dumpDataDir?(): Promise<Blob>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; omitted = in memory. */
  dataDir?: string;
  /** A PGlite data dump to start from (tests clone a migrated template this way). */
  loadDataDir?: Blob;
  poolSize?: number;
  /** PostgreSQL: connections of the pool for statements kept with generic plans (`withGenericPlans`). */
  genericPlanPoolSize?: number;
  /** PostgreSQL: a statement running longer is cancelled (SQLSTATE 57014, answered 503). */
  statementTimeoutMs?: number;
  /** The migrations applied at start (default `migrationsFolder`; a test starts a newer release's node with more). */
  migrationsFolder?: string;
  /** PGlite: its buffer pool in MB (`PGLITE_SHARED_BUFFERS_MB`); `PGLITE_SHARED_BUFFERS_MB_DEFAULT` when unset. */
  sharedBuffersMb?: number;
}

/**
 * PGlite's buffer pool, in MB. PGlite's own default (128) is touched at start and stays resident:
 * opening a data directory took 240 MB of RSS with it against 110 with 32, and loading a dump
 * 1.3-1.5 s against 0.8-0.9. The data files sit in the system's page cache beside the pool, so a
 * page the pool lacks is read from memory: the embedded read bench showed no loss beyond the
 * noise between runs.
 */
export const PGLITE_SHARED_BUFFERS_MB_DEFAULT = 32;

/** Opens PostgreSQL when a URL is given, else PGlite (docs/decisions/0001-postgresql-and-pglite.md), and applies migrations. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const handle = await openPostgresHandle(opts.databaseUrl, opts);
    await withMigrationLock(handle.pool, (conn) => migrate(drizzle({ client: conn }) as never, { migrationsFolder: opts.migrationsFolder ?? migrationsFolder }));
    return { db: handle.db, kind: 'postgres', close: handle.close };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (opts.dataDir) {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    if (!opts.loadDataDir) await setUpDataDirApart(opts.dataDir);
  }
  const client = new PGlite({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${opts.sharedBuffersMb ?? PGLITE_SHARED_BUFFERS_MB_DEFAULT}MB`],
  });
  await client.waitReady;
  // PGlite plans each statement with its values (its queries are unnamed): no generic-plan handle.
  const db = drizzle({ client, schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder: opts.migrationsFolder ?? migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close(), dumpDataDir: () => client.dumpDataDir('gzip') };
}

/** A PostgreSQL server's handle: its pool, the pool for generic plans, drizzle on both. */
export interface PostgresHandle {
  db: Db;
  pool: import('pg').Pool;
  close(): Promise<void>;
}

/** Opens pools on one PostgreSQL server (the primary, or a replica: `replicas.ts`) without migrating. */
export async function openPostgresHandle(url: string, opts: Pick<OpenOptions, 'poolSize' | 'genericPlanPoolSize' | 'statementTimeoutMs'>): Promise<PostgresHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { keepStatementsThroughMigrations } = await import('./stale-statements');
  // Dates come back as Date objects; bigint counts as numbers.
  pg.types.setTypeParser(20, (v: string) => Number(v));
  // A database that is down or saturated answers within seconds (503) instead of holding requests forever.
  const openPool = (max: number, options?: string) => {
    const pool = new pg.Pool({
      connectionString: url,
      max,
      options,
      connectionTimeoutMillis: 5_000,
      statement_timeout: opts.statementTimeoutMs,
    });
    // An idle connection the server ends (a restart, a failover, a test's forced DROP DATABASE right
    // after close) is already dropped by the pool; without a listener its 'error' would crash the process.
    pool.on('error', () => undefined);
    // The pool listens only to idle connections: one checked out (a transaction between two statements)
    // that the server drops would emit an unheard 'error' and end the process. Its next statement fails
    // instead ("not queryable": 503), and the pool discards it on release.
    pool.on('connect', (client) => client.on('error', () => undefined));
    return keepStatementsThroughMigrations(pool);
  };
  const pool = openPool(opts.poolSize ?? 10);
  // Without JIT: a generic plan's costs are guesses, and a batch of searches guessed costly enough
  // spent 160 ms compiling a statement that runs in 0.3 ms.
  const genericPool = openPool(opts.genericPlanPoolSize ?? 4, '-c plan_cache_mode=force_generic_plan -c jit=off');
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  keepGenericPlansOn(db, drizzle({ client: genericPool, schema }) as unknown as Db);
  return { db, pool, close: async () => void (await Promise.all([pool.end(), genericPool.end()])) };
}

/** Several processes may start together on one PostgreSQL: only one migrates at a time (on the locked connection). */
async function withMigrationLock(pool: import('pg').Pool, run: (conn: import('pg').PoolClient) => Promise<void>) {
  const conn = await pool.connect();
  try {
    // Waiting for another node's migration and building an index on a big table may both take
    // longer than a request's statement limit; the limit comes back with RESET below.
    await conn.query('SET statement_timeout = 0');
    await conn.query('SELECT pg_advisory_lock(727001)');
    await run(conn);
  } finally {
    await conn.query('SELECT pg_advisory_unlock(727001)').catch(() => undefined);
    await conn.query('RESET statement_timeout').catch(() => undefined);
    conn.release();
  }
}
