import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

type Values<T extends Record<string, SQL>> = { [K in keyof T]: T[K] extends SQL<infer V> ? V : never };

/**
 * Several scalar subqueries read in one statement (one round trip): what a writer checks once it
 * holds a row's lock. Values come as the driver gives them (jsonb parsed, no column mapping), so
 * each expression should yield plain JSON-able values (text, numbers, booleans, jsonb).
 */
export async function readScalars<T extends Record<string, SQL>>(db: DbOrTx, expressions: T): Promise<Values<T>> {
  const columns = Object.entries(expressions).map(([name, e]) => sql`(${e}) as ${sql.identifier(name)}`);
  const result = (await db.execute(sql`select ${sql.join(columns, sql`, `)}`)) as unknown as { rows: Array<Values<T>> };
  return result.rows[0]!;
}
