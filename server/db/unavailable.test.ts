import { describeWithPostgres } from '@server/test/needs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import crypto from 'node:crypto';
import pg from 'pg';
import { timeline } from '@server/db/schema';
import { createTestApp, type TestApp } from '@server/test/harness';
import { openCase } from '@server/test/cases';
import { startCutRelay, type CutRelay } from '@server/test/cut-relay';
import { expectError, expectOk } from '@server/test/expect';
import { isUnavailable } from './errors';

describe('isUnavailable: a part down or too slow, not a wrong request', () => {
  it.each([
    [{ code: '57014', message: 'canceling statement due to statement timeout' }, true],
    [{ code: '57P01', message: 'terminating connection due to administrator command' }, true],
    [{ code: '08006' }, true],
    [{ code: 'ECONNREFUSED' }, true],
    [new Error('Connection terminated unexpectedly'), true],
    [new Error('timeout exceeded when trying to connect'), true],
    [{ message: 'wrapped', cause: { code: '57014' } }, true],
    [{ code: '0A000', routine: 'RevalidateCachedQuery', message: 'cached plan must not change result type' }, true],
    [{ message: 'wrapped', cause: { code: '0A000', routine: 'RevalidateCachedQuery' } }, true],
    [{ code: '0A000', routine: 'transformLockingClause', message: 'FOR UPDATE cannot be applied to the nullable side of an outer join' }, false],
    [{ code: '23505', constraint: 'users_username' }, false],
    [{ code: '22P02' }, false],
    [new Error('something else'), false],
    [null, false],
  ])('%o → %s', (err, expected) => {
    expect(isUnavailable(err)).toBe(expected);
  });
});

// The faults below need a PostgreSQL server to slow down and to cut off; PGlite runs inside the process.
const replyOn = (app: TestApp, token: string, dbId: number, n: number) =>
  app.request.post('/api/player/reply').set('x-access-token', token).send({ data: { toPlayerId: dbId, content: `<p>Fault drill reply number ${n}, ${crypto.randomBytes(24).toString('base64')}</p>` }, SKIP_CAPTCHA: true });
const repliesStored = async (app: TestApp, dbId: number) =>
  (await app.services.db.select({ content: timeline.content }).from(timeline).where(and(eq(timeline.playerId, dbId), like(timeline.content, '%Fault drill reply%')))).map((r) => r.content);

describeWithPostgres('a slow database: a statement over its time limit', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { DB_STATEMENT_TIMEOUT_MS: '400' } });
  });
  afterAll(() => app?.close());

  it('answers 503 server.unavailable with Retry-After, writes nothing, and works again once the database is quick', async () => {
    const { token } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { dbId } = await openCase(app, token);
    // Another session holds the case row: the reply's statement waits past its limit.
    const url = app.services.config.databaseUrl!;
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM players WHERE id = $1 FOR UPDATE', [dbId]);
      const started = Date.now();
      const slow = await replyOn(app, token, dbId, 1);
      expectError(slow, 503, 'server.unavailable');
      expect(slow.headers['retry-after']).toBe('5');
      expect(Date.now() - started).toBeLessThan(5_000);
      await holder.query('ROLLBACK');
    } finally {
      await holder.end();
    }
    expect(await repliesStored(app, dbId)).toEqual([]);
    expectOk(await replyOn(app, token, dbId, 2), 'reply.success');
    expect(await repliesStored(app, dbId)).toHaveLength(1);
  });
});

describeWithPostgres('the database restarts (every connection dropped, new ones refused for a while)', () => {
  let app: TestApp;
  let relay: CutRelay;
  beforeAll(async () => {
    app = await createTestApp({
      databaseVia: async (url) => {
        const u = new URL(url);
        relay = await startCutRelay(u.hostname, Number(u.port || 5432));
        return relay.url(url);
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await relay?.close();
  });

  it('drops a connection checked out mid-transaction without ending the process: the transaction fails as unavailable', async () => {
    const uncaught: unknown[] = [];
    const hear = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', hear);
    try {
      const failed = await app.services.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          // Between two statements the connection is idle but not back in the pool.
          await relay.cut();
          await new Promise((r) => setTimeout(r, 200));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(isUnavailable(failed)).toBe(true);
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', hear);
      await relay.restore();
    }
    // The pool discarded the broken connection: the next statements work.
    for (let i = 0; i < 20; i++) {
      if (await app.services.db.execute(sql`select 1`).then(() => true, () => false)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await app.services.db.execute(sql`select 1`);
  });

  it('answers 503 while it is down, reports it in /api/health, recovers by itself, and loses or doubles no accepted write', async () => {
    const { token } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true });
    const { dbId } = await openCase(app, token);
    const accepted: number[] = [];
    let n = 0;
    const attempt = async () => {
      const i = ++n;
      const res = await replyOn(app, token, dbId, i);
      if (res.status === 200) accepted.push(i);
      else expectError(res, 503, 'server.unavailable');
      return res.status;
    };
    for (let i = 0; i < 3; i++) expect(await attempt()).toBe(200);

    await relay.cut();
    const downStarted = Date.now();
    expect(await attempt()).toBe(503);
    expect(Date.now() - downStarted).toBeLessThan(8_000);
    const health = await app.request.get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body.data.database.status).toBe('down');

    await relay.restore();
    const restored = Date.now();
    let recoveredMs = -1;
    while (Date.now() - restored < 15_000) {
      if ((await attempt()) === 200) {
        recoveredMs = Date.now() - restored;
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(recoveredMs).toBeGreaterThanOrEqual(0);
    expect(recoveredMs).toBeLessThan(15_000);
    for (let i = 0; i < 3; i++) expect(await attempt()).toBe(200);
    expect((await app.request.get('/api/health')).status).toBe(200);

    const stored = await repliesStored(app, dbId);
    expect(stored).toHaveLength(accepted.length);
    for (const i of accepted) expect(stored.filter((c) => c.includes(`number ${i},`))).toHaveLength(1);
  });
});
