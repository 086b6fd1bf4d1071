import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@server/test/harness';
import { inProcessRunner } from '@server/infra/jobs/in-process';
import type { JobName, JobRunner } from '@server/infra/jobs/types';
import { registerJobs } from '@server/jobs/register';
import { dueWork, vacuumWhereDue } from './vacuum';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

const embedded = !process.env.DATABASE_URL;

interface Activity {
  dead: number;
  tuples: number;
  vacuumed: boolean;
  autovacuumed: boolean;
  analyzed: boolean;
}

async function activityOf(table: string): Promise<Activity> {
  const result = (await app.services.db.execute(sql`
    select s.n_dead_tup as dead, c.reltuples as tuples, s.last_vacuum is not null as vacuumed,
      s.last_autovacuum is not null as autovacuumed, (s.last_analyze is not null or s.last_autoanalyze is not null) as analyzed
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = ${table}`)) as unknown as { rows: Array<Record<string, unknown>> };
  const row = result.rows[0]!;
  return { dead: Number(row.dead), tuples: Number(row.tuples), vacuumed: !!row.vacuumed, autovacuumed: !!row.autovacuumed, analyzed: !!row.analyzed };
}

/** 2,000 rows in the admin log, half of them then changed: 1,000 dead row versions. */
async function churnAdminLog() {
  await app.services.db.execute(sql`insert into admin_log (actor_id, action, detail) select 1, 'vacuum-test', jsonb_build_object('i', g) from generate_series(1, 2000) g`);
  await app.services.db.execute(sql`update admin_log set detail = jsonb_build_object('i', -id) where action = 'vacuum-test' and id % 2 = 0`);
  // PostgreSQL's backends hand their counts to the statistics within a second of going idle.
  await expect.poll(async () => (await activityOf('admin_log')).dead, { timeout: 10_000 }).toBeGreaterThanOrEqual(1000);
}

const SETTINGS = {
  autovacuum_vacuum_threshold: '50',
  autovacuum_vacuum_scale_factor: '0.2',
  autovacuum_vacuum_insert_threshold: '1000',
  autovacuum_vacuum_insert_scale_factor: '0.2',
  autovacuum_analyze_threshold: '50',
  autovacuum_analyze_scale_factor: '0.1',
};
const table = (over: Partial<Parameters<typeof dueWork>[0]>) => ({ name: 't', tuples: 10_000, dead: 0, insertedSinceVacuum: 0, modifiedSinceAnalyze: 0, sinceVacuumMs: null, options: null, settings: SETTINGS, ...over });

describe("autovacuum's rules", () => {
  it('vacuum past threshold + scale × rows of dead or newly inserted rows, analyze past its own, as the server or the table sets them', () => {
    expect(dueWork(table({ dead: 2050 }))).toBeNull();
    expect(dueWork(table({ dead: 2051 }))).toBe('vacuum');
    expect(dueWork(table({ insertedSinceVacuum: 3001 }))).toBe('vacuum');
    expect(dueWork(table({ modifiedSinceAnalyze: 1051 }))).toBe('analyze');
    expect(dueWork(table({ modifiedSinceAnalyze: 1050 }))).toBeNull();
    // A table's own parameters win over the server's; one that turned autovacuum off is left alone.
    expect(dueWork(table({ dead: 151, options: ['autovacuum_vacuum_scale_factor=0.01'] }))).toBe('vacuum');
    expect(dueWork(table({ dead: 9999, options: ['autovacuum_enabled=false'] }))).toBeNull();
    // A table never analyzed counts as empty: its first changes past the threshold are enough.
    expect(dueWork(table({ tuples: 0, modifiedSinceAnalyze: 51 }))).toBe('analyze');
  });

  it('vacuum a table at most once per gap, analyzing it meanwhile where its rule asks', () => {
    const busy = { dead: 5000, modifiedSinceAnalyze: 5000 };
    expect(dueWork(table({ ...busy, sinceVacuumMs: 60_000 }), 600_000)).toBe('analyze');
    expect(dueWork(table({ dead: 5000, sinceVacuumMs: 60_000 }), 600_000)).toBeNull();
    expect(dueWork(table({ ...busy, sinceVacuumMs: 600_000 }), 600_000)).toBe('vacuum');
    expect(dueWork(table({ ...busy, sinceVacuumMs: null }), 600_000)).toBe('vacuum');
  });
});

describe('database maintenance', () => {
  it('cases are vacuumed after 1 % of them changed, so the lists keep reading from their indexes alone', async () => {
    const result = (await app.services.db.execute(sql`select reloptions from pg_class where relname = 'players'`)) as unknown as { rows: Array<{ reloptions: string[] }> };
    expect(result.rows[0]!.reloptions).toEqual(expect.arrayContaining(['autovacuum_vacuum_scale_factor=0.01', 'autovacuum_vacuum_insert_scale_factor=0.01']));
  });

  it('vacuums and analyzes a table whose dead rows passed the rule, and leaves a table nothing changed', async () => {
    await churnAdminLog();
    const untouched = await activityOf('import_sources');
    const done = await vacuumWhereDue(app.services.db);
    const after = await activityOf('admin_log');
    expect(after.dead).toBe(0);
    expect(after.tuples).toBeGreaterThanOrEqual(2000);
    expect(after.analyzed).toBe(true);
    if (embedded) expect(done.vacuumed).toContain('admin_log');
    // PostgreSQL's own autovacuum may have come first; then there was nothing left to do.
    else expect(done.vacuumed.includes('admin_log') || after.autovacuumed).toBe(true);
    expect(done.vacuumed).not.toContain('import_sources');
    expect(await activityOf('import_sources')).toEqual(untouched);
    // Done: nothing is due until more changes.
    expect((await vacuumWhereDue(app.services.db)).vacuumed).not.toContain('admin_log');
  });

  it('runs as a job on the embedded database only: PostgreSQL vacuums itself', async () => {
    const runner = inProcessRunner(app.services.log);
    const registered: JobName[] = [];
    const recording: JobRunner = { ...runner, register: (name, handler) => (registered.push(name), runner.register(name, handler)) };
    await registerJobs({ ...app.services, jobs: recording });
    try {
      expect(registered.includes('db.vacuum')).toBe(embedded);
      if (embedded) {
        // A table no one vacuumed yet (the job vacuums a table at most once per gap).
        await app.services.db.execute(sql`create table vacuum_probe (id int primary key, v int)`);
        await app.services.db.execute(sql`insert into vacuum_probe select g, 0 from generate_series(1, 2000) g`);
        await app.services.db.execute(sql`update vacuum_probe set v = 1 where id <= 1000`);
        await expect.poll(async () => (await activityOf('vacuum_probe')).dead, { timeout: 10_000 }).toBeGreaterThanOrEqual(1000);
        await runner.enqueue('db.vacuum', {});
        await expect.poll(() => activityOf('vacuum_probe'), { timeout: 10_000 }).toMatchObject({ vacuumed: true, dead: 0, analyzed: true });
      }
    } finally {
      await runner.close();
    }
  });
});
