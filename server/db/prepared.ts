import type { DbOrTx } from './client';

/**
 * A query built once per database handle and kept prepared (drizzle `.prepare(name)`): the hot
 * read paths skip drizzle's query building on every request and, on PostgreSQL, the parse of a
 * named statement on every pooled connection. `build` must give the same SQL text for a name.
 *
 * After five runs PostgreSQL keeps a prepared statement's generic plan only if it looks no costlier
 * than the plans it made for the values; otherwise it plans every run again (the selective name
 * search's did, about a millisecond each: they run on `withGenericPlans`). So they suit lookups whose plan does not depend on
 * the values (keys, ids); queries whose best plan depends on a LIMIT, an OFFSET or a partial
 * index predicate should stay unprepared or inline those values in the name. PGlite's driver
 * takes no name: there a prepared query saves drizzle's building only.
 */
export function prepared<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const byDb = new WeakMap<object, T>();
  return (db) => {
    let q = byDb.get(db);
    if (!q) byDb.set(db, (q = build(db)));
    return q;
  };
}

/**
 * The name for a query kept built but not prepared on the server: node-postgres sends a query
 * config without a name as an unnamed statement, planned at each run with its values (no generic
 * plan). For queries whose plan depends on their LIMIT, OFFSET or values, where only drizzle's
 * building is worth saving.
 */
export const UNNAMED = '';

/** Like `prepared`, one per key (a small, fixed set of query shapes). */
export function preparedByKey<K extends string, T>(build: (db: DbOrTx, key: K) => T): (db: DbOrTx, key: K) => T {
  const byDb = new WeakMap<object, Map<K, T>>();
  return (db, key) => {
    let m = byDb.get(db);
    if (!m) byDb.set(db, (m = new Map()));
    let q = m.get(key);
    if (!q) m.set(key, (q = build(db, key)));
    return q;
  };
}
