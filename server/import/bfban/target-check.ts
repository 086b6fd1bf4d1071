import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';

/**
 * Ids are kept, so the import goes into a database that holds no community yet (a fresh one:
 * the schema is made at open), or one this same source was imported into before (a resumed or
 * later pass). Anything else is refused before a row is read.
 */
export async function assertEmptyOrOurs(db: Db, source: string) {
  const { rows } = (await db.execute(sql`select
      (select count(*) from import_sources where source = ${source})::int as ours,
      (select count(*) from import_sources where source <> ${source})::int as others,
      (select count(*) from users)::int as users, (select count(*) from players)::int as players`)) as unknown as {
    rows: Array<{ ours: number; others: number; users: number; players: number }>;
  };
  const r = rows[0]!;
  if (Number(r.others) > 0) throw new Error('this database holds an import from another source: import into an empty database');
  if (!Number(r.ours) && (Number(r.users) > 0 || Number(r.players) > 0)) {
    throw new Error(`this database already holds a community (${r.users} users, ${r.players} cases): import into an empty one (a site started with SEED_DEMO=false and nobody signed up)`);
  }
}
