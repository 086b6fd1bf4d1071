import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { createTestApp, type TestApp } from '@server/test/harness';
import { openCase } from '@server/test/cases';
import { players, timeline, users } from './schema';
import { withCompiledRows } from './row-mapper';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app?.close());

/** Every value's kind, key by key, so a Date read as a string (or the reverse) shows. */
const kinds = (value: unknown): unknown =>
  value instanceof Date ? 'Date' : Array.isArray(value) ? value.map(kinds) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, kinds(v)])) : typeof value;

describe('compiled row mapping (prepared selects)', () => {
  it('builds exactly what drizzle builds: nested objects, aliases, subqueries, SQL fields, left joins with and without a row', async () => {
    const { token } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { dbId } = await openCase(app, token);
    const db = app.services.db;
    const [report] = await db.select().from(timeline).where(eq(timeline.playerId, dbId));
    // A second entry quoting the first, by no one: one row has a quote and an author, the other neither.
    const { id: _id, ...copy } = report!;
    await db.insert(timeline).values({ ...copy, type: 'reply', byUserId: null, quoteId: report!.id });

    const quoted = alias(timeline, 'quoted');
    const entries = db.select().from(timeline).where(eq(timeline.playerId, sql.placeholder('id'))).as('entries');
    const build = (name: string) =>
      db
        .select({
          caseId: players.id,
          name: players.originName,
          count: sql<number>`(select count(*)::int from ${timeline} where ${timeline.playerId} = ${players.id})`,
          nested: { created: players.createTime, label: sql<string>`'case:' || ${players.id}`.as('label') },
          entry: { id: entries.id, type: entries.type, createTime: entries.createTime, content: entries.content },
          author: { id: users.id, username: users.username, privileges: users.privileges },
          quote: quoted,
        })
        .from(players)
        .leftJoin(entries, sql`true`)
        .leftJoin(users, eq(users.id, entries.byUserId))
        .leftJoin(quoted, eq(quoted.id, entries.quoteId))
        .where(eq(players.id, sql.placeholder('id')))
        .orderBy(desc(entries.id))
        .prepare(name);

    const plain = await build('row_mapper_plain').execute({ id: dbId });
    const compiled = await withCompiledRows(build('row_mapper_compiled')).execute({ id: dbId });
    expect(compiled).toHaveLength(2);
    expect(JSON.stringify(compiled)).toBe(JSON.stringify(plain));
    expect(kinds(compiled)).toEqual(kinds(plain));
    const [withQuote, withoutQuote] = compiled;
    expect(withQuote!.quote?.id).toBe(report!.id);
    expect(withQuote!.author).toBeNull();
    expect(withoutQuote!.quote).toBeNull();
    expect(withoutQuote!.author?.id).toBe(report!.byUserId);
    expect(withQuote!.nested.created).toBeInstanceOf(Date);
  });

  it('maps each select of a set built together as drizzle does', async () => {
    const { token } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { dbId } = await openCase(app, token);
    const db = app.services.db;
    const build = (name: string) => ({
      row: db.select({ id: players.id, created: players.createTime, games: players.games }).from(players).where(eq(players.id, sql.placeholder('id'))).prepare(`${name}_row`),
      count: db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(timeline).where(eq(timeline.playerId, sql.placeholder('id'))).prepare(`${name}_count`),
    });
    const plain = build('row_mapper_set_plain');
    const compiled = withCompiledRows(build('row_mapper_set_compiled'));
    for (const key of ['row', 'count'] as const) {
      expect((compiled[key] as unknown as { customResultMapper?: unknown }).customResultMapper, key).toBeTypeOf('function');
      const [a, b] = [await plain[key].execute({ id: dbId }), await compiled[key].execute({ id: dbId })];
      expect(JSON.stringify(b), key).toBe(JSON.stringify(a));
      expect(kinds(b), key).toEqual(kinds(a));
    }
  });

  it('leaves alone what is not a prepared select of fields', () => {
    const custom = { fields: [], customResultMapper: (rows: unknown[]) => rows.length };
    expect(withCompiledRows(custom).customResultMapper).toBe(custom.customResultMapper);
    const notAQuery = { execute: () => 1 };
    expect(withCompiledRows(notAQuery)).toEqual({ execute: notAQuery.execute });
  });
});
