import { describeWithPostgres } from '@server/test/needs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@server/test/harness';
import { findCase, historyOf } from '@server/modules/cases/queries';
import { timelinePage } from '@server/modules/timeline/queries';
import { userById } from '@server/modules/users/queries';
import { insertCase, insertEntries, insertUser } from '@server/test/search-fixtures';
import { migrationsFolder, openDatabase, type Database, type DbOrTx } from './client';
import { prepared } from './prepared';
import { isUnavailable } from './errors';

/** A table of this test's own migrations, and the statement node A keeps prepared on it. */
const scratch = pgTable('rolling_scratch', { id: integer('id').primaryKey(), n: integer('n').notNull() });
const scratchRead = prepared((db) => db.select({ id: scratch.id, n: scratch.n }).from(scratch).where(eq(scratch.id, sql.placeholder('id'))).prepare('rolling_scratch_read'));
const readScratch = async (db: DbOrTx, id: number) => (await scratchRead(db).execute({ id }))[0];

/**
 * The migrations folder of a newer release: this repository's, then `extra` (SQL texts) in order.
 * A node opened on it applies what the database lacks, under the migration lock, as at any start.
 */
function newerRelease(extra: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-rolling-'));
  fs.cpSync(migrationsFolder, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number; version: string; when: number; tag: string; breakpoints: boolean }> };
  const last = journal.entries.at(-1)!;
  extra.forEach((text, i) => {
    const tag = `9${String(i).padStart(3, '0')}_rolling_test`;
    fs.writeFileSync(path.join(dir, `${tag}.sql`), text);
    journal.entries.push({ idx: last.idx + 1 + i, version: last.version, when: last.when + 1000 * (i + 1), tag, breakpoints: true });
  });
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

const MIGRATIONS = [
  // Expand: a table, then columns on the tables the read paths select from.
  `CREATE TABLE rolling_scratch (id int PRIMARY KEY, n int NOT NULL);--> statement-breakpoint
   INSERT INTO rolling_scratch SELECT i, i * 10 FROM generate_series(1, 20) i;`,
  `ALTER TABLE players ADD COLUMN rolling_note text;--> statement-breakpoint
   ALTER TABLE users ADD COLUMN rolling_note text;--> statement-breakpoint
   ALTER TABLE timeline ADD COLUMN rolling_note text;`,
  // Contract: the columns go again.
  `ALTER TABLE players DROP COLUMN rolling_note;--> statement-breakpoint
   ALTER TABLE users DROP COLUMN rolling_note;--> statement-breakpoint
   ALTER TABLE timeline DROP COLUMN rolling_note;`,
  // A column a kept statement returns changes type: PostgreSQL refuses that statement where it was parsed before.
  'ALTER TABLE rolling_scratch ALTER COLUMN n TYPE bigint;',
  'ALTER TABLE rolling_scratch ALTER COLUMN n TYPE int;',
];

// Statements are kept by name on a PostgreSQL server's connections; PGlite is one process's own database.
describeWithPostgres('a migration applied by another node', { timeout: 60_000 }, () => {
  let app: TestApp;
  const folders: string[] = [];
  /** Starts a node of a newer release with the first `count` migrations above (and closes it: its migrations stay applied). */
  const startNewerNode = async (count: number) => {
    const dir = newerRelease(MIGRATIONS.slice(0, count));
    folders.push(dir);
    const node = await openDatabase({ databaseUrl: app.services.config.databaseUrl!, poolSize: 1, migrationsFolder: dir });
    await node.close();
  };

  beforeAll(async () => {
    app = await createTestApp();
    await startNewerNode(1);
  });
  afterAll(async () => {
    await app?.close();
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Runs `read` from `workers` loops on node A until `during` has finished and every loop read again
   * after it; gives how many reads were answered and every failure.
   */
  async function readWhile(workers: number, read: () => Promise<void>, during: () => Promise<void>) {
    let answered = 0;
    const failures: unknown[] = [];
    let phase: 'before' | 'during' | 'after' = 'before';
    const loops = Array.from({ length: workers }, async () => {
      let readAfter = 0;
      while (readAfter < 20) {
        try {
          await read();
          answered++;
        } catch (error) {
          failures.push(error);
        }
        if (phase === 'after') readAfter++;
      }
    });
    // Every loop reads a few times first: node A's connections hold the statements when the migration comes.
    while (answered < workers * 10 && failures.length === 0) await new Promise((r) => setTimeout(r, 5));
    phase = 'during';
    await during();
    phase = 'after';
    await Promise.all(loops);
    return { answered, failures };
  }

  it("answers node A's prepared reads without a failure while another node adds columns to their tables and drops them", async () => {
    const db = app.services.db;
    const c = await insertCase(app, { name: 'rolling_case' });
    await insertEntries(app, c, 3);
    const user = await insertUser(app);
    const read = async () => {
      expect((await findCase(db, { dbId: c.id }))?.originName).toBe('rolling_case');
      await historyOf(db, c.id);
      expect((await timelinePage(db, { dbId: c.id }, { order: 'asc', limit: 20, skip: 0, includeHidden: false }))?.page).toBeTruthy();
      expect((await userById(db, user.id))?.username).toBe(user.username);
    };
    const { answered, failures } = await readWhile(6, read, async () => {
      await startNewerNode(2);
      await startNewerNode(3);
    });
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(6 * 30);
    // The columns came and went: no read of node A saw them (each statement names its columns).
    expect(await findCase(db, { dbId: c.id })).not.toHaveProperty('rolling_note');
  });

  it("parses a kept statement afresh when another node's migration changes the type of a column it returns: no read fails", async () => {
    // Node A with a pool of two, both connections holding the statement before the migration.
    const nodeA: Database = await openDatabase({ databaseUrl: app.services.config.databaseUrl!, poolSize: 2 });
    // Beside it, a plain node-postgres connection holding the same statement the plain way.
    const plain = new pg.Client({ connectionString: app.services.config.databaseUrl! });
    await plain.connect();
    try {
      const plainRead = { name: 'rolling_scratch_read', text: 'select "id", "n" from "rolling_scratch" where "rolling_scratch"."id" = $1', values: [3] };
      expect((await plain.query(plainRead)).rows).toEqual([{ id: 3, n: 30 }]);

      let next = 0;
      const read = async () => {
        const id = (next++ % 20) + 1;
        expect(await readScratch(nodeA.db, id)).toEqual({ id, n: id * 10 });
      };
      const { answered, failures } = await readWhile(4, read, () => startNewerNode(4));
      expect(failures).toEqual([]);
      expect(answered).toBeGreaterThan(4 * 30);
      // The migration did outdate the statement where it was kept: the plain connection is refused.
      await expect(plain.query(plainRead)).rejects.toMatchObject({ code: '0A000', routine: 'RevalidateCachedQuery' });
    } finally {
      await plain.end();
      await nodeA.close();
    }
  });

  it('inside a transaction, fails the one try that meets the outdated statement as "try again" (503), and the next try succeeds', async () => {
    // One connection: the statement it holds is the one every try below meets.
    const nodeA = await openDatabase({ databaseUrl: app.services.config.databaseUrl!, poolSize: 1 });
    try {
      expect(await nodeA.db.transaction((tx) => readScratch(tx, 4))).toEqual({ id: 4, n: 40 });
      await startNewerNode(5);
      const failure = await nodeA.db.transaction((tx) => readScratch(tx, 4)).catch((error: unknown) => error);
      expect(failure).toMatchObject({ cause: { code: '0A000' } });
      expect(isUnavailable(failure)).toBe(true);
      expect(await nodeA.db.transaction((tx) => readScratch(tx, 4))).toEqual({ id: 4, n: 40 });
      expect(await readScratch(nodeA.db, 5)).toEqual({ id: 5, n: 50 });
    } finally {
      await nodeA.close();
    }
  });
});
