import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { date, interval, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { installDrizzleParsers } from './pglite-parsers';

const moments = pgTable('moments', {
  id: serial('id').primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  local: timestamp('local', { mode: 'string' }).notNull(),
  day: date('day').notNull(),
  span: interval('span').notNull(),
});

const SETUP = `create table moments (id serial primary key, at timestamptz(3) not null, local timestamp not null, day date not null, span interval not null);
  insert into moments (at, local, day, span) values ('2026-11-27 16:19:07.123+00', '2026-11-27 18:19:07', '2026-11-27', '1 day 02:03:04'), ('1999-12-31 23:59:59.999+01', '2000-01-01 00:00:00', '2000-02-29', '-3 hours')`;

/** Drizzle's PGlite driver with its parsers installed once gives what it gives with them on every query. */
describe('drizzle parsers installed in PGlite', () => {
  let plain: PGlite;
  let installed: PGlite;
  beforeAll(async () => {
    [plain, installed] = [new PGlite(), new PGlite()];
    for (const client of [plain, installed]) await client.exec(SETUP);
    installDrizzleParsers(installed);
  });
  afterAll(async () => {
    await plain?.close();
    await installed?.close();
  });

  const both = async <T>(read: (db: ReturnType<typeof drizzle>) => Promise<T>) => {
    const [a, b] = await Promise.all([read(drizzle(plain)), read(drizzle(installed))]);
    return { a, b };
  };

  it('maps columns alike, in and out of a transaction', async () => {
    const { a, b } = await both((db) => db.select().from(moments).orderBy(moments.id));
    expect(b).toEqual(a);
    expect(a[0]!.at).toEqual(new Date('2026-11-27T16:19:07.123Z'));
    const inTx = await both((db) => db.transaction((tx) => tx.select().from(moments).orderBy(moments.id)));
    expect(inTx.b).toEqual(a);
  });

  it('gives raw statements the same values (dates, intervals and their arrays)', async () => {
    const statement = sql`select at, local, day, span, array[at] as ats, array[local] as locals, array[day] as days, array[span] as spans, array[1.5::numeric] as nums, 7::int8 as big, '{"a":1}'::jsonb as doc from moments order by id`;
    const { a, b } = await both((db) => db.execute(statement));
    expect((b as unknown as { rows: unknown[] }).rows).toEqual((a as unknown as { rows: unknown[] }).rows);
    const tx = await both((db) => db.transaction((t) => t.execute(statement)));
    expect((tx.b as unknown as { rows: unknown[] }).rows).toEqual((a as unknown as { rows: unknown[] }).rows);
  });

  it('leaves a query’s other parsers to that query', async () => {
    const upper = { [25]: (v: string) => v.toUpperCase() };
    const res = await installed.query<{ t: string }>(`select 'text' as t`, [], { parsers: upper });
    expect(res.rows[0]!.t).toBe('TEXT');
  });
});
