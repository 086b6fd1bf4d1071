import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * ORDER BY terms that match the schema's indexes. Drizzle builds `.desc()` index columns as
 * `DESC NULLS LAST`, but `desc(column)` in a query means `DESC NULLS FIRST`: PostgreSQL then cannot
 * read the order from the index and sorts every matching row. These spell the index's own order
 * (and its backward scan for ascending), which is the same order for NOT NULL columns.
 */
export const newestFirst = (column: AnyColumn | SQL): SQL => sql`${column} desc nulls last`;
export const oldestFirst = (column: AnyColumn | SQL): SQL => sql`${column} asc nulls first`;
