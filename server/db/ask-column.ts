import { sql } from 'drizzle-orm';

/**
 * A column of a batch statement's row of `asks` (each caller's values, one row per caller), for a
 * page's limit or offset: drizzle's types take only a number or a placeholder there, and it writes
 * any SQL it is given.
 */
export const askColumn = (name: 'lim' | 'off') => sql.raw(`asks.${name}`) as unknown as ReturnType<typeof sql.placeholder>;
