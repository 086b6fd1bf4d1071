import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { sendQueriesInOneCall } from './pglite-one-call';

const SETUP = `create table things (id serial primary key, name text unique not null, n int8, ok boolean, at timestamptz(3), tags text[], ids int4[], doc jsonb, raw bytea, price numeric)`;

const prepared = async (db: PGlite) => Number((await db.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements where $1::int = 1`, [1])).rows[0]!.n);

/** PGlite's queries sent as one call each, by statement name once parsed, answer as PGlite's own query does. */
describe('PGlite queries in one call', () => {
  let plain: PGlite;
  let oneCall: PGlite;
  beforeAll(async () => {
    [plain, oneCall] = [new PGlite(), new PGlite()];
    for (const db of [plain, oneCall]) await db.exec(SETUP);
    sendQueriesInOneCall(oneCall);
  });
  afterAll(async () => {
    await plain?.close();
    await oneCall?.close();
  });

  const both = async (text: string, params: unknown[] = [], options?: Parameters<PGlite['query']>[2]) => {
    const [a, b] = [await plain.query(text, params, options), await oneCall.query(text, params, options)];
    return { a, b };
  };

  it('writes every kind of value the same and reads it back the same', async () => {
    const at = new Date('2026-11-29T04:05:06.789Z');
    const values = ['Quote "it", {braces}, a\\b, ünïcode 🎯', '9007199254740993', true, at, ['a,b', 'c"d', null, '{e}'], [1, 2, 3], { nested: { list: [1, 'two'] }, s: "it's" }, Buffer.from([0, 1, 254, 255]), '12.50'];
    const insert = `insert into things (name, n, ok, at, tags, ids, doc, raw, price) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`;
    const { a, b } = await both(insert, values);
    expect(b).toEqual(a);
    expect(b).toMatchObject({ command: 'INSERT', affectedRows: 1, rowCount: 1 });
    expect(b.rows[0]).toMatchObject({ n: 9007199254740993n, ok: true, at, tags: ['a,b', 'c"d', null, '{e}'], ids: [1, 2, 3], doc: values[6] });
    const read = await both(`select * from things where ids && $1 and name = any($2) and at = $3`, [[2], [values[0]], at], { rowMode: 'array' });
    expect(read.b.rows).toEqual(read.a.rows);
    expect(read.b.rows).toHaveLength(1);
    const nulls = await both(`select $1::text as a, $2::int as b, coalesce($3::jsonb, '{}') as c`, [null, undefined, null]);
    expect(nulls.b.rows).toEqual([{ a: null, b: null, c: {} }]);
    const update = await both(`update things set ok = $1 where id > $2`, [false, 0]);
    expect(update.b).toEqual(update.a);
    expect(update.b).toMatchObject({ command: 'UPDATE', affectedRows: 1, rows: [] });
    // Same-named columns: the last one wins in object rows, both stay in array rows.
    const twice = await both(`select $1::int as v, $2::text as v`, [1, 'two']);
    expect(twice.b).toEqual(twice.a);
    const twiceArrays = await both(`select $1::int as v, $2::text as v`, [1, 'two'], { rowMode: 'array' });
    expect(twiceArrays.b).toEqual(twiceArrays.a);
    // An answer with a notice in it is read PGlite's way, to the same result.
    const notice = await both(`drop table if exists not_a_table`);
    expect(notice.b).toEqual(notice.a);
    expect(notice.b).toMatchObject({ command: 'DROP' });
    const empty = await both(`select id from things where id < $1`, [0]);
    expect(empty.b).toEqual(empty.a);
  });

  it('parses a statement once and binds it by name after, with new values each time', async () => {
    const text = `select $1::int * 2 as doubled`;
    const before = await prepared(oneCall);
    for (const n of [1, 2, 3]) expect((await oneCall.query(text, [n])).rows).toEqual([{ doubled: n * 2 }]);
    expect(await prepared(oneCall)).toBe(before + 1);
    // Kept through a transaction that rolled back, and usable inside one.
    await oneCall.transaction(async (tx) => {
      expect((await tx.query(text, [10])).rows).toEqual([{ doubled: 20 }]);
      await tx.rollback();
    });
    expect((await oneCall.query(text, [4])).rows).toEqual([{ doubled: 8 }]);
  });

  it('keeps a bounded number of statements, closing the oldest', async () => {
    for (let i = 0; i < 320; i++) expect((await oneCall.query(`select $1::int + ${i} as n`, [1])).rows).toEqual([{ n: 1 + i }]);
    expect(await prepared(oneCall)).toBeLessThanOrEqual(300);
    expect((await oneCall.query(`select $1::int + 0 as n`, [5])).rows).toEqual([{ n: 5 }]);
  });

  it('fails a statement as PGlite does, and the next ones run', async () => {
    await oneCall.query(`insert into things (name) values ($1)`, ['dup']);
    const duplicate = await oneCall.query(`insert into things (name) values ($1)`, ['dup']).catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ code: '23505', query: `insert into things (name) values ($1)`, params: ['dup'] });
    expect((await oneCall.query(`insert into things (name) values ($1) returning name`, ['dup-2'])).rows).toEqual([{ name: 'dup-2' }]);
    // A text that does not parse fails the same way every time.
    for (let i = 0; i < 2; i++) await expect(oneCall.query(`selec $1`, [1])).rejects.toMatchObject({ code: '42601' });
    // A value the statement cannot take, then one it can.
    await expect(oneCall.query(`select $1::int as n`, ['1x'])).rejects.toMatchObject({ code: '22P02' });
    expect((await oneCall.query(`select $1::int as n`, ['7'])).rows).toEqual([{ n: 7 }]);
  });

  it('tells a failure with every field PGlite’s own query tells', async () => {
    const fields = (e: unknown) => {
      const { message, severity, code, detail, schema, table, constraint, routine } = e as Record<string, unknown>;
      return { message, severity, code, detail, schema, table, constraint, routine };
    };
    const insert = `insert into things (name) values ($1)`;
    for (const db of [plain, oneCall]) await db.query(insert, ['told-twice']);
    const [a, b] = [await plain.query(insert, ['told-twice']).catch(fields), await oneCall.query(insert, ['told-twice']).catch(fields)];
    expect(b).toEqual(a);
    expect(b).toMatchObject({ code: '23505', constraint: 'things_name_key', detail: 'Key (name)=(told-twice) already exists.' });
  });

  it('reads an answer of many megabytes, which the database writes out in several pieces, as PGlite does', async () => {
    const text = `select g as n, repeat(chr(65 + g % 26), 50000 + g) as s from generate_series(1, $1::int) g`;
    const { a, b } = await both(text, [300]);
    expect(b.rows).toHaveLength(300);
    expect(b.rows).toEqual(a.rows);
    expect(b.fields).toEqual(a.fields);
  });

  it('fails a statement in a transaction: the transaction rolls back, what it wrote is gone', async () => {
    const failed = await oneCall
      .transaction(async (tx) => {
        await tx.query(`insert into things (name) values ($1)`, ['in-tx']);
        await tx.query(`insert into things (name) values ($1)`, ['in-tx']);
      })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ code: '23505' });
    expect((await oneCall.query(`select count(*)::int as n from things where name = $1`, ['in-tx'])).rows).toEqual([{ n: 0 }]);
    const kept = await oneCall.transaction(async (tx) => (await tx.query(`insert into things (name) values ($1) returning name`, ['in-tx'])).rows);
    expect(kept).toEqual([{ name: 'in-tx' }]);
  });
});
