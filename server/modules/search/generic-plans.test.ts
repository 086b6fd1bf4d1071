import { describeWithPostgres } from '@server/test/needs';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@shared/limits';
import { searchQuery, type SearchQuery } from '@shared/schemas/search';
import { openDatabase, type Database } from '@server/db/client';
import { withGenericPlans } from '@server/db/generic-plans';
import { createTestApp, type TestApp } from '@server/test/harness';
import { timelinePage } from '@server/modules/timeline/queries';
import { searchPlayers } from './players';
import { insertCase, plainWord, sharing } from '../../test/search-fixtures';

/** A selective pattern: no 4-gram statistics, so every search is found through the name indexes and sorted. */
const rare = () => new Map<string, number>();

describe('statements whose plan does not depend on their values (searches, timeline pages) keep one generic plan', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  it('gives a transaction its own handle (its connection), and finds the same cases through either handle', async () => {
    const w = plainWord(9);
    const c = await insertCase(app, { name: `${w}_one` });
    await app.services.db.transaction(async (tx) => {
      expect(withGenericPlans(tx)).toBe(tx);
      const found = await searchPlayers(tx, searchQuery.parse({ type: 'player', param: w }), rare());
      expect(found.rows.map((r) => r.player.id)).toEqual([c.id]);
    });
    const found = await searchPlayers(app.services.db, searchQuery.parse({ type: 'player', param: w }), rare());
    expect(found.rows.map((r) => r.player.id)).toEqual([c.id]);
  });

  it('is the database itself in embedded mode (PGlite keeps no statement), a pool of its own on PostgreSQL', () => {
    const db = app.services.db;
    if (process.env.DATABASE_URL) expect(withGenericPlans(db)).not.toBe(db);
    else expect(withGenericPlans(db)).toBe(db);
  });
});

// Kept statements and their plans live in a PostgreSQL server's connections; PGlite parses each statement afresh.
describeWithPostgres('statements kept on PostgreSQL: generic plans where their values do not matter', () => {
  let app: TestApp;
  // A database handle of its own on the test's database, with one generic-plan connection, so that
  // what that connection holds is what the searches ran.
  let database: Database;
  beforeAll(async () => {
    app = await createTestApp();
    database = await openDatabase({ databaseUrl: app.services.config.databaseUrl!, poolSize: 2, genericPlanPoolSize: 1 });
  });
  afterAll(async () => {
    await database?.close();
    await app?.close();
  });
  const handle = () => database.db;

  const rowsOf = async <T>(db: Database['db'], query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  /** The plans made so far for the kept statements whose text holds every part. */
  const plansOf = async (...parts: string[]) => {
    const rows = await rowsOf<{ generic: number; custom: number; n: number }>(
      withGenericPlans(handle()),
      sql`select count(*)::int as n, coalesce(sum(generic_plans), 0)::int as generic, coalesce(sum(custom_plans), 0)::int as custom from pg_prepared_statements where ${sql.join(parts.map((p) => sql`statement like ${`%${p}%`}`), sql` and `)}`,
    );
    return rows[0]!;
  };
  const search = (w: string, extra: Partial<SearchQuery> = {}) => searchPlayers(handle(), searchQuery.parse({ type: 'player', param: w, ...extra }), rare());

  it('plans the named statements once, with no values; ordinary statements are left to PostgreSQL to plan', async () => {
    const words = Array.from({ length: 8 }, () => plainWord(9));
    for (const w of words) await insertCase(app, { name: `${w}_x`, games: ['bfv'] });
    // The best-match statement (its pages asked together: one row of asks each), and the one sorted by report time in one game.
    const few = ['"start_key"', 'jsonb_to_recordset'];
    const sorted = ['"p_sort_value"', '\'["bfv"]\''];
    const before = { few: await plansOf(...few), sorted: await plansOf(...sorted) };
    for (const w of words) {
      expect((await search(w)).total).toBe(1);
      expect((await search(w, { sort: 'latest', game: 'bfv' })).total).toBe(1);
    }
    const after = { few: await plansOf(...few), sorted: await plansOf(...sorted) };
    expect(after.few.n).toBe(1);
    expect(after.few.generic - before.few.generic).toBe(words.length);
    expect(after.few.custom).toBe(before.few.custom);
    expect(after.sorted.n).toBe(1);
    expect(after.sorted.generic - before.sorted.generic).toBe(words.length);
    expect(after.sorted.custom).toBe(before.sorted.custom);

    // The main handle plans as PostgreSQL chooses.
    const setting = sql`select current_setting('plan_cache_mode') as mode`;
    expect(await rowsOf(handle(), setting)).toEqual([{ mode: 'auto' }]);
    expect(await rowsOf(withGenericPlans(handle()), setting)).toEqual([{ mode: 'force_generic_plan' }]);
    // Nor JIT there: a generic plan's guessed costs would have it compile statements that run in a millisecond.
    expect(await rowsOf(withGenericPlans(handle()), sql`select current_setting('jit') as jit`)).toEqual([{ jit: 'off' }]);
  });

  it('reads the names that start with a common key on generic plans, and those holding it further in with the values', async () => {
    const words = Array.from({ length: 7 }, () => plainWord(9));
    for (const w of words) for (const name of [`${w}_a`, `${w}_b`, `x_${w}`]) await insertCase(app, { name });
    // The names that start with the key, a page of them and their number: key ranges. The total of all hits: the name indexes.
    const starts = ['order by ("name_history"."name_key" collate "C") asc', 'inner join "players"'];
    const capped = `limit ${LIMITS.searchTotalMax + 1}`;
    const startsHits = ['count(*)', `collate "C") asc) ${capped}`];
    const total = ['count(*)', 'name_quadgrams', capped];
    const before = { starts: await plansOf(...starts), startsHits: await plansOf(...startsHits) };
    for (const w of words) {
      const found = await searchPlayers(handle(), searchQuery.parse({ type: 'player', param: w, limit: 2 }), sharing(0.01)(w));
      expect(found.rows.map((r) => r.name.originName)).toEqual([`${w}_a`, `${w}_b`]);
      expect(found.total).toBe(3);
    }
    const after = { starts: await plansOf(...starts), startsHits: await plansOf(...startsHits) };
    expect(after.starts.generic - before.starts.generic).toBe(words.length);
    expect(after.starts.custom).toBe(before.starts.custom);
    expect(after.startsHits.generic - before.startsHits.generic).toBe(words.length);
    expect(after.startsHits.custom).toBe(before.startsHits.custom);
    // The total runs on the main pool.
    expect((await plansOf(...total)).n).toBe(0);
  });

  it('plans a search with report times with its values at every run (its best plan depends on the times)', async () => {
    const w = plainWord(9);
    await insertCase(app, { name: `${w}_t` });
    // Past the five runs after which PostgreSQL may settle on a generic plan.
    for (let i = 0; i < 8; i++) expect((await search(w, { createTimeFrom: Date.now() - 3_600_000 - i })).total).toBe(1);
    // Unnamed, on the main pool: nothing kept, so no generic plan either.
    expect(await plansOf('"start_key"', '::timestamptz')).toMatchObject({ n: 0, generic: 0 });
  });

  it('keeps one generic plan for a timeline page of every type, and plans a page filtered by type with its values', async () => {
    const cases = [];
    for (let i = 0; i < 7; i++) cases.push(await insertCase(app, { name: `${plainWord(9)}_tl` }));
    // Every type: no type condition after the visibility one (the typed statement has one there).
    const everyType = ['"the_case"', '"paged"."valid") order by "paged"."id" desc', '"players"."id" = asks.key'];
    const typed = ['"the_case"', 'order by "paged"."id" desc', '"paged"."type" = any('];
    const before = await plansOf(...everyType);
    for (const c of cases) {
      expect((await timelinePage(handle(), { dbId: c.id }, { order: 'desc', limit: 20, skip: 0, includeHidden: false }))?.caseId).toBe(c.id);
      expect((await timelinePage(handle(), { dbId: c.id }, { order: 'desc', limit: 20, skip: 0, includeHidden: false, subject: ['report'] }))?.caseId).toBe(c.id);
    }
    const after = await plansOf(...everyType);
    expect(after.n).toBe(1);
    expect(after.generic - before.generic).toBe(cases.length);
    expect(after.custom).toBe(before.custom);
    // The typed page runs on the main pool.
    expect((await plansOf(...typed)).n).toBe(0);
  });

  it('keeps the setting on its own connections after a statement that failed, and answers the next one', async () => {
    const generic = withGenericPlans(handle());
    await expect(generic.execute(sql`select 1 / (${0}::int)`)).rejects.toMatchObject({ cause: { code: '22012' } });
    expect(await rowsOf(handle(), sql`select current_setting('plan_cache_mode') as mode`)).toEqual([{ mode: 'auto' }]);
    expect(await rowsOf(generic, sql`select ${2}::int + 1 as n`)).toEqual([{ n: 3 }]);
  });
});
