import pg from 'pg';
import { openDatabase } from '@server/db/client';
import { generateDataset } from '../dataset';

/**
 * A PostgreSQL database of `cases` synthetic cases (bench/dataset.ts) for S9, kept between runs
 * under its own name: built once (migrated, filled, analysed), reused while it holds that many.
 */
export async function searchDatabase(adminUrl: string, cases: number): Promise<{ url: string; builtInS: number | null }> {
  const name = `tribunal_live_search_${cases}`;
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) {
      const db = new pg.Client({ connectionString: url });
      await db.connect();
      const held = await db.query<{ n: string }>('SELECT count(*) AS n FROM players').catch(() => ({ rows: [{ n: '0' }] }));
      await db.end();
      if (Number(held.rows[0]!.n) === cases) return { url, builtInS: null };
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const t = Date.now();
  const db = await openDatabase({ databaseUrl: url, poolSize: 1 });
  await db.close();
  await generateDataset(url, cases, Math.max(1000, Math.round(cases / 10)));
  return { url, builtInS: (Date.now() - t) / 1000 };
}
