/** What drizzle's session builds a prepared query with, as far as this file reads it. */
interface PreparingSession {
  prepareQuery(query: unknown, fields: unknown, name: string | undefined, ...rest: unknown[]): { client: unknown };
}

/**
 * node-postgres sends a statement prepared under the empty name (`UNNAMED`) unnamed, and
 * PostgreSQL plans it with its values at each run: the read paths whose best plan depends on their
 * values ask for that. PGlite's driver drops the name, and the one-call client keeps every statement
 * with parameters parsed (`pglite-one-call`), so after five runs PostgreSQL moved such a statement
 * to a generic plan (a search with a report time in embedded mode did). Those statements are sent
 * to `valuePlans` instead, which plans each run with its values (`plan_cache_mode =
 * force_custom_plan`). This reads drizzle's session, which keeps the client a query runs on;
 * `generic-plans.test.ts` fails if drizzle stops doing so.
 */
export function planUnnamedWithValues(db: object, valuePlans: unknown) {
  const session = (db as { session: PreparingSession }).session;
  const prepare = session.prepareQuery.bind(session);
  session.prepareQuery = (query, fields, name, ...rest) => {
    const prepared = prepare(query, fields, name, ...rest);
    if (name === '') prepared.client = valuePlans;
    return prepared;
  };
}
