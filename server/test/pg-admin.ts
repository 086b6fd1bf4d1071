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
