import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '@server/test/harness';
import { openCase } from '@server/test/cases';
import { players, timeline, users } from './schema';
import { rowFromJson } from './json-row';
import { readScalars } from './scalars';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

describe('rows read as JSON (statements returning rows of several tables)', () => {
  it('equal the rows drizzle selects: dates, jsonb, nulls and every column', async () => {
    const { token } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { dbId } = await openCase(app, token);
    const db = app.services.db;
    await db.update(players).set({ hackerLevel: null, appealStatus: 'lock', games: ['bf1', 'bfv'], avatarLink: null }).where(eq(players.id, dbId));
    const [entry] = await db.select().from(timeline).where(eq(timeline.playerId, dbId));
    await db.update(timeline).set({ extra: { nested: { a: [1, 'two'] } }, viewedAdmins: [3, 4], cheatMethods: null }).where(eq(timeline.id, entry!.id));
    for (const [table, id] of [
      [players, dbId],
      [timeline, entry!.id],
      [users, entry!.byUserId!],
    ] as const) {
      const [selected] = await db.select().from(table).where(eq(table.id, id));
      const { json } = await readScalars(db, { json: sql<Record<string, unknown>>`select row_to_json(t) from ${table} t where t.id = ${id}` });
      const read = rowFromJson(table, json);
      expect(read).toEqual(selected);
      for (const [key, value] of Object.entries(selected!)) if (value instanceof Date) expect((read as Record<string, unknown>)[key]).toBeInstanceOf(Date);
    }
  });

  it('readScalars answers every subquery of one statement by name, null where a subquery finds nothing', async () => {
    const got = await readScalars(app.services.db, {
      n: sql<number>`select 41 + 1`,
      none: sql<string | null>`select ${users.username} from ${users} where ${users.id} = -1`,
      list: sql<number[]>`select jsonb_agg(x order by x desc) from generate_series(1, 3) x`,
      yes: sql<boolean>`select exists (select 1)`,
    });
    expect(got).toEqual({ n: 42, none: null, list: [3, 2, 1], yes: true });
  });
});
