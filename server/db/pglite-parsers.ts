import { types, type PGlite } from '@electric-sql/pglite';

/**
 * The type parsers drizzle's PGlite driver gives with every query: timestamps, dates, intervals and
 * their arrays stay text, which drizzle's columns then map.
 */
const TEXT_KEPT = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

type Query = PGlite['query'];
type QueryOptions = NonNullable<Parameters<Query>[2]>;

/** A query's options without the parsers PGlite already holds (the options as given otherwise). */
function withoutInstalled(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  const keys = Object.keys(parsers);
  if (keys.length !== TEXT_KEPT.length || !TEXT_KEPT.every((type) => type in parsers)) return options;
  const { parsers: _installed, ...rest } = options;
  return rest;
}

/** Queries given drizzle's parsers leave them out: `installDrizzleParsers` put them in the client's table. */
export function dropInstalledParsers<T extends { query: Query }>(target: T): T {
  const query = target.query.bind(target) as Query;
  target.query = ((text: string, params?: unknown[], options?: QueryOptions) => query(text, params, withoutInstalled(options))) as Query;
  return target;
}

/**
 * PGlite merges a query's parsers into its table of every type's parser (hundreds) on each query:
 * about 0.14 ms a statement here, more than a small statement itself. Drizzle's parsers are
 * installed in PGlite's own table once instead, and dropped from each query (and each
 * transaction's queries). Results are the same (`pglite-parsers.test.ts`). This handle then gives
 * those types as text to anyone; only drizzle uses it.
 */
export function installDrizzleParsers(client: PGlite): PGlite {
  for (const type of TEXT_KEPT) client.parsers[type] = asText;
  dropInstalledParsers(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: (tx: { query: Query }) => Promise<unknown>) => transaction((tx) => fn(dropInstalledParsers(tx)))) as PGlite['transaction'];
  return client;
}
