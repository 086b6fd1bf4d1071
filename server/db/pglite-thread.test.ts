import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { PGliteThread } from './pglite-thread';
import { sendQueriesInOneCall } from './pglite-one-call';

const SETUP = `create table things (id serial primary key, name text unique not null, n int8, ok boolean, at timestamptz(3), tags text[], ids int4[], doc jsonb, raw bytea)`;

/** How many times a 5 ms timer fired while `work` ran: the event loop was free or held. */
async function ticksDuring(work: () => Promise<unknown>): Promise<number> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return ticks;
}

describe('PGliteThread: the embedded database on a thread of its own', () => {
  let inProcess: PGlite;
  let thread: PGliteThread;
  let asPGlite: PGlite;
  beforeAll(async () => {
    inProcess = new PGlite();
    thread = new PGliteThread({});
    asPGlite = thread as unknown as PGlite;
    await asPGlite.waitReady;
    for (const db of [inProcess, asPGlite]) await db.exec(SETUP);
  });
  afterAll(async () => {
    await inProcess?.close();
    await thread?.close();
  });

  it('answers PGlite query for query: values of every kind, arrays, affected rows, array rows', async () => {
    const at = new Date('2026-11-29T04:05:06.789Z');
    const values = ['Quote "it", ünïcode 🎯', '9007199254740993', true, at, ['a,b', null], [1, 2], { s: "it's" }, Buffer.from([0, 255])];
    const insert = `insert into things (name, n, ok, at, tags, ids, doc, raw) values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`;
    const [a, b] = [await inProcess.query(insert, values), await asPGlite.query(insert, values)];
    expect(b).toEqual(a);
    expect(b.rows[0]).toMatchObject({ n: 9007199254740993n, tags: ['a,b', null], ids: [1, 2], doc: { s: "it's" } });
    const read = `select name, ids from things where ids && $1`;
    expect(await asPGlite.query(read, [[2]], { rowMode: 'array' })).toEqual(await inProcess.query(read, [[2]], { rowMode: 'array' }));
    const update = `update things set ok = false where id > $1`;
    expect(await asPGlite.query(update, [0])).toEqual(await inProcess.query(update, [0]));
  });

  it('fails a bad statement with PostgreSQL code and constraint, and the next one runs', async () => {
    await asPGlite.query(`insert into things (name) values ($1)`, ['taken']);
    await expect(asPGlite.query(`insert into things (name) values ($1)`, ['taken'])).rejects.toMatchObject({ code: '23505', constraint: 'things_name_key' });
    await expect(asPGlite.query(`select nope from things`)).rejects.toMatchObject({ code: '42703' });
    expect((await asPGlite.query(`select count(*)::int as n from things where name = $1`, ['taken'])).rows).toEqual([{ n: 1 }]);
  });

  it('commits a transaction, rolls a failed one back whole, and knows when one is open', async () => {
    await asPGlite.transaction(async (tx) => {
      await tx.query(`insert into things (name) values ($1)`, ['kept']);
      expect(asPGlite.isInTransaction()).toBe(true);
    });
    expect(asPGlite.isInTransaction()).toBe(false);
    await expect(
      asPGlite.transaction(async (tx) => {
        await tx.query(`insert into things (name) values ($1)`, ['rolled back']);
        await tx.query(`insert into things (name) values ($1)`, ['kept']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const names = (await asPGlite.query<{ name: string }>(`select name from things where name in ('kept', 'rolled back')`)).rows.map((r) => r.name);
    expect(names).toEqual(['kept']);
    expect(asPGlite.isInTransaction()).toBe(false);
  });

  it('sends statements in one call by name through it, as the server does', async () => {
    const oneCall = sendQueriesInOneCall(new PGliteThread({}) as unknown as PGlite);
    try {
      await oneCall.waitReady;
      await oneCall.exec(SETUP);
      for (const name of ['x', 'y', 'z']) await oneCall.query(`insert into things (name) values ($1)`, [name]);
      await oneCall.transaction(async (tx) => tx.query(`update things set n = $1 where name = $2`, [7, 'y']));
      expect((await oneCall.query(`select name, n from things where name = any($1) order by name`, [['x', 'y']])).rows).toEqual([
        { name: 'x', n: null },
        { name: 'y', n: 7 },
      ]);
      const kept = await oneCall.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements where $1::int = 1`, [1]);
      expect(kept.rows[0]!.n).toBeGreaterThanOrEqual(2);
    } finally {
      await oneCall.close();
    }
  });

  it("leaves the event loop free while a statement runs, where PGlite in the process holds it", async () => {
    const slow = `select count(*) from generate_series(1, 3000000)`;
    const held = await ticksDuring(() => inProcess.query(slow));
    const free = await ticksDuring(() => asPGlite.query(slow));
    expect(held).toBeLessThanOrEqual(1);
    expect(free).toBeGreaterThan(5);
  });

  it('keeps its data in its directory across a restart, and dumps it for another to load', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tribunal-pglite-thread-'));
    try {
      const first = new PGliteThread({ dataDir: dir }) as unknown as PGlite;
      await first.waitReady;
      await first.exec(`create table notes (body text)`);
      await first.query(`insert into notes values ($1)`, ['survives']);
      const dump = await first.dumpDataDir('gzip');
      await first.close();
      await expect(first.query(`select 1`)).rejects.toThrow();

      const again = new PGliteThread({ dataDir: dir }) as unknown as PGlite;
      await again.waitReady;
      expect((await again.query(`select body from notes`)).rows).toEqual([{ body: 'survives' }]);
      await again.close();

      const loaded = new PGliteThread({ loadDataDir: new Uint8Array(await dump.arrayBuffer()) }) as unknown as PGlite;
      await loaded.waitReady;
      expect((await loaded.query(`select body from notes`)).rows).toEqual([{ body: 'survives' }]);
      await loaded.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
