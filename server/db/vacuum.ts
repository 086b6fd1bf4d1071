import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * PostgreSQL's autovacuum rules, applied by the node itself: the embedded database (PGlite) runs
 * PostgreSQL as one process without autovacuum's workers, so nothing else vacuums or analyzes it.
 * Without it the visibility map is never set again once rows change (the case lists, read from
 * their indexes alone, then read the table for every row they skip), dead rows are never reclaimed,
 * and the planner never gets statistics of the data. The rules are the server's own settings
 * (`autovacuum_*`), overridden per table by its storage parameters as autovacuum reads them.
 */
interface TableActivity {
  name: string;
  /** The planner's row count (0 while never analyzed). */
  tuples: number;
  dead: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
  /** Milliseconds since this table was last vacuumed by anyone (null: not since the statistics began). */
  sinceVacuumMs: number | null;
  /** The table's storage parameters (`key=value`), null when it has none. */
  options: string[] | null;
  settings: Record<string, string>;
}

/** The `autovacuum_*` settings the rules read. */
type Setting =
  | 'autovacuum_vacuum_threshold'
  | 'autovacuum_vacuum_scale_factor'
  | 'autovacuum_vacuum_insert_threshold'
  | 'autovacuum_vacuum_insert_scale_factor'
  | 'autovacuum_analyze_threshold'
  | 'autovacuum_analyze_scale_factor';

type ActivityRow = { name: string; tuples: number; dead: string; inserted: string; modified: string; since: number | null; options: string[] | null; settings: Record<string, string> };

const activity = async (db: Db) =>
  ((await db.execute(sql`
    select s.relname as name, greatest(c.reltuples, 0)::float8 as tuples, s.n_dead_tup as dead,
      s.n_ins_since_vacuum as inserted, s.n_mod_since_analyze as modified, c.reloptions as options,
      extract(epoch from now() - greatest(s.last_vacuum, s.last_autovacuum))::float8 * 1000 as since,
      (select jsonb_object_agg(name, setting) from pg_settings where name like 'autovacuum\\_%') as settings
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = 'public'`)) as unknown as { rows: ActivityRow[] }).rows;

/** A rule's value for one table: its own storage parameter, else the server's setting. */
function setting(table: TableActivity, name: Setting): number {
  const own = table.options?.find((o) => o.startsWith(`${name}=`));
  return Number(own ? own.slice(name.length + 1) : table.settings[name]);
}

const over = (table: TableActivity, count: number, threshold: Setting, scale: Setting) => count > setting(table, threshold) + setting(table, scale) * table.tuples;

/**
 * What autovacuum would do to this table now. `gapMs`: a table vacuumed less than this long ago is
 * only analyzed, where its rule asks (the embedded database answers nothing else while it vacuums).
 */
export function dueWork(table: TableActivity, gapMs = 0): 'vacuum' | 'analyze' | null {
  if (table.options?.includes('autovacuum_enabled=false')) return null;
  const rested = table.sinceVacuumMs === null || table.sinceVacuumMs >= gapMs;
  const vacuum =
    rested &&
    (over(table, table.dead, 'autovacuum_vacuum_threshold', 'autovacuum_vacuum_scale_factor') ||
      over(table, table.insertedSinceVacuum, 'autovacuum_vacuum_insert_threshold', 'autovacuum_vacuum_insert_scale_factor'));
  if (vacuum) return 'vacuum';
  return over(table, table.modifiedSinceAnalyze, 'autovacuum_analyze_threshold', 'autovacuum_analyze_scale_factor') ? 'analyze' : null;
}

/** Vacuums (and analyzes) the tables autovacuum would, one at a time (`gapMs`: see `dueWork`); what it did. */
export async function vacuumWhereDue(db: Db, gapMs = 0): Promise<{ vacuumed: string[]; analyzed: string[] }> {
  const rows = await activity(db);
  const done = { vacuumed: [] as string[], analyzed: [] as string[] };
  for (const row of rows) {
    const table: TableActivity = {
      ...row,
      dead: Number(row.dead),
      insertedSinceVacuum: Number(row.inserted),
      modifiedSinceAnalyze: Number(row.modified),
      sinceVacuumMs: row.since === null ? null : Number(row.since),
    };
    const work = dueWork(table, gapMs);
    if (work === 'vacuum') {
      await db.execute(sql`vacuum (analyze) ${sql.identifier(table.name)}`);
      done.vacuumed.push(table.name);
    } else if (work === 'analyze') {
      await db.execute(sql`analyze ${sql.identifier(table.name)}`);
      done.analyzed.push(table.name);
    }
  }
  return done;
}
