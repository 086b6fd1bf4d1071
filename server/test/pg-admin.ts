import crypto from 'node:crypto';
import pg from 'pg';

/** The same server URL pointing at another database. */
export function databaseUrlFor(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Runs one statement on its own connection (CREATE/DROP DATABASE cannot run in a pool transaction). */
export async function adminQuery<T = unknown>(databaseUrl: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const res = await client.query(text, values);
    return res.rows as T[];
  } finally {
    await client.end();
  }
}

/** A fresh database copied from the migrated template. */
export async function createDatabaseFromTemplate(databaseUrl: string, template: string): Promise<string> {
  const name = `${template}_f${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(databaseUrl, `CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`);
      return name;
    } catch (e) {
      // Another file copying the template at the same instant holds it for a moment.
      if (attempt < 20 && /being accessed by other users/.test((e as Error).message)) {
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
        continue;
      }
      throw e;
    }
  }
}

/**
 * Drops a per-file database once the server's connections are gone. pg's pool.end() resolves
 * before its sockets close; terminating them (WITH FORCE) while they close would surface as an
 * uncaught "terminating connection" error in the test file, so wait for them first.
 */
export async function dropDatabase(adminUrl: string, name: string) {
  for (let i = 0; i < 50; i++) {
    const [row] = await adminQuery<{ n: number }>(adminUrl, 'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (!row || row.n === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
}
