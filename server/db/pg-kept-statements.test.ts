import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, databaseUrlFor, dropDatabase, quoteIdent } from '@server/test/pg-admin';
import { isUnavailable } from './errors';
import { clientKeepingStatements, KEPT_STATEMENTS_PER_POOL, KeptStatementNames } from './pg-kept-statements';

describe('KeptStatementNames: which texts get a name', () => {
  it('names a text the second time it is seen, and keeps that name', () => {
    const names = new KeptStatementNames();
    expect(names.nameFor('select $1')).toBeUndefined();
    const name = names.nameFor('select $1');
    expect(name).toMatch(/^k\d+$/);
    expect(names.nameFor('select $1')).toBe(name);
    expect(names.nameFor('select $1 + 1')).toBeUndefined();
  });

  it('gives a forgotten text a new name at once', () => {
    const names = new KeptStatementNames();
    names.nameFor('select $1');
    const first = names.nameFor('select $1');
    names.forget('select $1');
    const second = names.nameFor('select $1');
    expect(second).toMatch(/^k\d+$/);
    expect(second).not.toBe(first);
  });

  it(`issues at most ${KEPT_STATEMENTS_PER_POOL} names; later texts run unnamed`, () => {
    const names = new KeptStatementNames();
    const issued = new Set<string>();
    for (let i = 0; i < KEPT_STATEMENTS_PER_POOL + 20; i++) {
      names.nameFor(`select $1 + ${i}`);
      const name = names.nameFor(`select $1 + ${i}`);
      if (name) issued.add(name);
    }
    expect(issued.size).toBe(KEPT_STATEMENTS_PER_POOL);
    expect(names.nameFor(`select $1 + ${KEPT_STATEMENTS_PER_POOL + 5}`)).toBeUndefined();
    expect(names.nameFor('select $1 + 0')).toMatch(/^k\d+$/);
  });
});

// Named statements live in a PostgreSQL server's connections; PGlite has its own (pglite-one-call).
if (process.env.DATABASE_URL) {
  describe('a pool whose clients keep statements parsed by name (PostgreSQL)', () => {
    const adminUrl = process.env.DATABASE_URL!;
    const database = `tribunal_kept_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
    let pool: pg.Pool;
    // One connection, so what it holds is what pg_prepared_statements shows.
    const kept = async () => (await pool.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n;
    const query = <R extends pg.QueryResultRow>(text: string, values?: unknown[], name?: string) => pool.query<R>({ text, values, name });

    beforeAll(async () => {
      await adminQuery(adminUrl, `CREATE DATABASE ${quoteIdent(database)}`);
      pool = new pg.Pool({ connectionString: databaseUrlFor(adminUrl, database), max: 1, Client: clientKeepingStatements(pg.Client, new KeptStatementNames()) });
      await pool.query('create table players (id int primary key, name text not null)');
      await pool.query(`insert into players values (1, 'vexmarrow'), (2, 'o''brien 🎯')`);
    });
    afterAll(async () => {
      await pool?.end();
      await dropDatabase(adminUrl, database);
    });

    it('parses a statement with parameters once, from its second run, and answers as an unnamed one', async () => {
      const text = 'select id, name from players where id = $1';
      const unnamed = await query(text, [2], '');
      expect(await kept()).toBe(0);
      for (let i = 0; i < 3; i++) {
        const result = await query(text, [2]);
        expect(result.rows).toEqual(unnamed.rows);
        expect(result.fields.map((f) => f.name)).toEqual(['id', 'name']);
      }
      expect(await kept()).toBe(1);
      const [statement] = (await pool.query<{ statement: string }>('select statement from pg_prepared_statements')).rows;
      expect(statement!.statement).toBe(text);
    });

    it('leaves alone statements without parameters, named ones and the empty name', async () => {
      const before = await kept();
      for (let i = 0; i < 3; i++) {
        await query('select count(*) from players');
        await query('select name from players where id = $1', [1], '');
      }
      expect(await kept()).toBe(before);
      await query('select name from players where id = $1', [1], 'own_name');
      const names = (await pool.query<{ name: string }>('select name from pg_prepared_statements')).rows.map((r) => r.name);
      expect(names).toContain('own_name');
    });

    it('keeps working inside transactions on a checked-out client, and after a failed statement', async () => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        for (let i = 0; i < 3; i++) await client.query({ text: 'insert into players values ($1, $2)', values: [10 + i, `p${i}`] });
        await expect(client.query({ text: 'insert into players values ($1, $2)', values: [10, 'again'] })).rejects.toMatchObject({ code: '23505' });
        await client.query('rollback');
        await client.query('begin');
        await client.query({ text: 'insert into players values ($1, $2)', values: [20, 'kept'] });
        await client.query('commit');
      } finally {
        client.release();
      }
      const rows = (await query<{ id: number }>('select id from players where id >= $1 order by id', [10])).rows;
      expect(rows.map((r) => r.id)).toEqual([20]);
    });

    it('parses a kept `select *` afresh once a migration adds a column under it: one failure, then the new columns', async () => {
      const text = 'select * from players where id = $1';
      await query(text, [1]);
      await query(text, [1]);
      await adminQuery(databaseUrlFor(adminUrl, database), `alter table players add column country text not null default 'fr'`);
      // pool.query goes through node-postgres's callback form; a checked-out client through its promise form.
      const failure = await query(text, [1]).catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: '0A000', routine: 'RevalidateCachedQuery' });
      // The request that meets it is answered 503 "try again", and trying again works.
      expect(isUnavailable(failure)).toBe(true);
      expect((await query(text, [1])).rows).toEqual([{ id: 1, name: 'vexmarrow', country: 'fr' }]);

      await adminQuery(databaseUrlFor(adminUrl, database), 'alter table players add column rank int');
      const client = await pool.connect();
      try {
        await expect(client.query({ text, values: [1] })).rejects.toMatchObject({ code: '0A000' });
        expect((await client.query({ text, values: [1] })).rows).toEqual([{ id: 1, name: 'vexmarrow', country: 'fr', rank: null }]);
      } finally {
        client.release();
      }
    });
  });
}
