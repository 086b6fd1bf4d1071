import type pg from 'pg';

/**
 * PostgreSQL's answer to a named statement whose result columns changed under it since a connection
 * parsed it (another node's migration changed a column's type, or what a `*` covers): told by its
 * code and the routine raising it, which no translation of the message changes. Another 0A000
 * (say, FOR UPDATE on an outer join) is a mistake in the statement and is not retried.
 */
export function isStaleStatement(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, routine } = error as { code?: unknown; routine?: unknown };
  return code === '0A000' && routine === 'RevalidateCachedQuery';
}

type Named = { name: string };
type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

const isNamed = (config: unknown): config is Named =>
  typeof config === 'object' && config !== null && typeof (config as Named).name === 'string' && (config as Named).name !== '';

/**
 * Lets the named statements of a pool (drizzle's `.prepare(name)`) outlive a migration applied by
 * another node. Once a connection answers that a statement's result changed under it, the statement
 * goes under a new name on every connection of the pool (each parses it afresh once; the outdated
 * one stays unused where it was parsed), and a `pool.query` that met it runs once more, under the
 * new name. Inside a transaction it cannot run again (PostgreSQL has aborted the transaction): the
 * request is answered 503 "try again" (`isUnavailable`), and its next try runs the new name.
 * Only node-postgres's public API: a query config's `name`, the pool's `connect` event, `query`.
 */
export function keepStatementsThroughMigrations(pool: pg.Pool): pg.Pool {
  /** How many times each statement was found outdated: its name on the server carries the count. */
  const renamed = new Map<string, number>();
  const serverName = (name: string) => {
    const n = renamed.get(name);
    return n === undefined ? name : `r${n}_${name}`;
  };

  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
      if (!isNamed(config)) return query(config, values, callback);
      const sent = serverName(config.name);
      const seen = (error: unknown) => {
        // The first to meet it renames it; answers from statements sent under an older name change nothing.
        if (isStaleStatement(error) && serverName(config.name) === sent) renamed.set(config.name, (renamed.get(config.name) ?? -1) + 1);
      };
      const named = sent === config.name ? config : { ...config, name: sent };
      if (typeof values === 'function') [callback, values] = [values, undefined];
      if (typeof callback === 'function') {
        return query(named, values, (error: unknown, result: unknown) => {
          seen(error);
          (callback as (error: unknown, result: unknown) => void)(error, result);
        });
      }
      return (query(named, values) as Promise<unknown>).catch((error: unknown) => {
        seen(error);
        throw error;
      });
    }) as typeof client.query;
  });

  // pool.query takes its connection out of the pool for that one statement: trying again is safe.
  const query = pool.query.bind(pool) as Query;
  pool.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    if (!isNamed(config) || typeof values === 'function' || callback !== undefined) return query(config, values, callback);
    return (query(config, values) as Promise<unknown>).catch((error: unknown) => {
      if (!isStaleStatement(error)) throw error;
      return query(config, values);
    });
  }) as typeof pool.query;
  return pool;
}
