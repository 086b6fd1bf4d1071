import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQuery, type SearchQuery } from '@shared/schemas/search';
import { openDatabase, type Database } from '@server/db/client';
import { withGenericPlans } from '@server/db/generic-plans';
import { createTestApp, type TestApp } from '@server/test/harness';
import { searchPlayers } from './players';
import { insertCase, plainWord } from './test-fixtures';

/** A selective pattern: no 4-gram statistics, so every search is found through the name indexes and sorted. */
const rare = () => new Map<string, number>();

describe('selective name searches keep one generic plan', () => {
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

  if (!process.env.DATABASE_URL) {
    it('runs on the one PGlite handle in embedded mode', () => {
      expect(withGenericPlans(app.services.db)).toBe(app.services.db);
    });
    return;
  }

  describe('on PostgreSQL', () => {
    // A database handle of its own on the test's database, with one generic-plan connection: what that connection holds is what the search ran.
    let database: Database;
    beforeAll(async () => {
      database = await openDatabase({ databaseUrl: app.services.config.databaseUrl!, poolSize: 2, genericPlanPoolSize: 1 });
    });
    afterAll(() => database?.close());

    const rowsOf = async <T>(db: Database['db'], query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    const plansOf = (prefix: string) =>
      rowsOf<{ name: string; generic_plans: number; custom_plans: number }>(withGenericPlans(database.db), sql`select name, generic_plans::int, custom_plans::int from pg_prepared_statements where name like ${`${prefix}%`} order by name`);

    it('plans the named statements once, with no values, on connections of their own; the main pool is left to choose', async () => {
      const words = Array.from({ length: 8 }, () => plainWord(9));
      for (const w of words) await insertCase(app, { name: `${w}_x`, games: ['bfv'] });
      const search = (w: string, extra: Partial<SearchQuery> = {}) => searchPlayers(database.db, searchQuery.parse({ type: 'player', param: w, ...extra }), rare());
      for (const w of words) {
        expect((await search(w)).total).toBe(1);
        expect((await search(w, { sort: 'latest', game: 'bfv' })).total).toBe(1);
        expect((await search(w, { sort: 'latest', game: 'bf1' })).total).toBe(0);
      }
      const few = await plansOf('search_few_all_0_0');
      expect(few.map((s) => s.name)).toEqual(['search_few_all_0_0_grams']);
      expect(few[0]).toMatchObject({ generic_plans: words.length, custom_plans: 0 });
      const sorted = await plansOf('search_players_latest_');
      expect(sorted.map((s) => s.name)).toEqual(['search_players_latest_bf1_0_0_grams', 'search_players_latest_bfv_0_0_grams']);
      for (const s of sorted) expect(s).toMatchObject({ generic_plans: words.length, custom_plans: 0 });

      const setting = sql`select current_setting('plan_cache_mode') as mode`;
      expect(await rowsOf(withGenericPlans(database.db), setting)).toEqual([{ mode: 'force_generic_plan' }]);
      expect(await rowsOf(database.db, setting)).toEqual([{ mode: 'auto' }]);
    });

    it('plans a search with report times with its values, on the main pool (its best plan depends on the times)', async () => {
      const w = plainWord(9);
      await insertCase(app, { name: `${w}_t` });
      const found = await searchPlayers(database.db, searchQuery.parse({ type: 'player', param: w, createTimeFrom: Date.now() - 3_600_000 }), rare());
      expect(found.total).toBe(1);
      expect(await plansOf('search_few_all_1')).toEqual([]);
    });
  });
});
