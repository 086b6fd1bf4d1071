import { roomOf } from '@shared/socket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { describeWithPostgres } from '@server/test/needs';
import { createTestApp, type TestApp } from '@server/test/harness';
import { expectError, expectOk } from '@server/test/expect';
import { openCase } from '@server/test/cases';
import { startReplicaPair, type ReplicaPair } from '@server/test/replica-pair';
import { players } from './schema';
import type { ReplicaSet } from './replicas';

// A primary and a streaming replica of it, started for this file (server/test/replica-pair.ts); the
// server reads what may lag from the replica (docs/operations.md#read-replicas).

let pair: ReplicaPair;

async function until(what: string, done: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`still waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describeWithPostgres('read replicas', () => {
  beforeAll(async () => {
    pair = await startReplicaPair();
  });
  afterAll(() => pair?.close());

  const serverOf = (app: TestApp) => {
    const replicas = app.services.reads.replicas as ReplicaSet;
    return { replicas, healthy: () => replicas.states()[0]!.healthy };
  };
  /** GET /player; `fresh` drops the answer the read cache kept first, so the read reaches a database. */
  const caseOf = async (app: TestApp, dbId: number, token?: string, fresh = false) => {
    if (fresh) await app.services.readCache.evict([roomOf.case(dbId)]);
    const req = app.request.get(`/api/player?dbId=${dbId}`);
    return token ? req.set('x-access-token', token) : req;
  };

  describe('routing (checked when the test says)', () => {
    let app: TestApp;
    let bot: string;
    beforeAll(async () => {
      app = await createTestApp({
        databaseUrl: pair.primaryUrl,
        // No check but the first and the test's own.
        env: { DATABASE_REPLICA_URLS: pair.replicaUrl, DATABASE_REPLICA_CHECK_MS: '60000', DATABASE_REPLICA_MAX_LAG_MS: '60000' },
      });
      ({ token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true }));
    });
    afterAll(() => app?.close());

    /** A case the bot reports while the replica replays nothing: the primary has it, the replica not. */
    async function caseOnlyOnPrimary() {
      // On a busy machine the replica may still be replaying the database's creation: it is out of
      // the rotation until a check finds it caught up, and a pause before that would keep it out.
      await until('the replica to be in the rotation', async () => {
        await serverOf(app).replicas.check();
        return serverOf(app).healthy();
      });
      await pair.onReplica('select pg_wal_replay_pause()');
      const { dbId } = await openCase(app, bot);
      await serverOf(app).replicas.check();
      expect(serverOf(app).healthy()).toBe(true);
      expect(await app.services.db.select({ id: players.id }).from(players).where(eq(players.id, dbId))).toHaveLength(1);
      return dbId;
    }
    const caughtUp = async (dbId: number) => {
      await pair.onReplica('select pg_wal_replay_resume()');
      await until('the replica to replay the report', async () => {
        await serverOf(app).replicas.check();
        return (await caseOf(app, dbId)).status === 200;
      });
    };

    it('reads that may lag go to the replica; the writer reads his own write on the primary', async () => {
      const dbId = await caseOnlyOnPrimary();
      // A visitor's read went to the replica, which has not replayed the report.
      expectError(await caseOf(app, dbId), 404, 'player.notFound');
      // The reporter's reads follow his write (GET /player reads his token for that alone): the replica has not passed its position.
      expectOk(await caseOf(app, dbId, bot), 'player.ok');
      expectOk(await app.request.get(`/api/player/timeline?dbId=${dbId}`).set('x-access-token', bot), 'timeline.ok');
      expectError(await app.request.get(`/api/player/timeline?dbId=${dbId}`), 404, 'timeline.notFound');
      await caughtUp(dbId);
      expectOk(await caseOf(app, dbId, bot), 'player.ok');
    });

    it('right after his write a user skips the answers kept meanwhile: one a replica gave may lack it', async () => {
      const { dbId } = await openCase(app, bot);
      await caughtUp(dbId);
      const { token: member } = await app.factories.signedIn();
      const before = (await caseOf(app, dbId)).body.data.commentsNum as number;
      await pair.onReplica('select pg_wal_replay_pause()');
      const res = await app.request
        .post('/api/player/reply')
        .set('x-access-token', member)
        .send({ data: { toPlayerId: dbId, content: '<p>Seen him too.</p>' }, captcha: await app.solveCaptcha() });
      expectOk(res, 'reply.success');
      await serverOf(app).replicas.check();
      // A visitor's read after the reply's event: from the replica, without the reply, and kept.
      expect((await caseOf(app, dbId)).body.data.commentsNum).toBe(before);
      expect((await caseOf(app, dbId)).body.data.commentsNum).toBe(before);
      // The member who replied reads the same answer afresh, on the primary.
      expect((await caseOf(app, dbId, member)).body.data.commentsNum).toBe(before + 1);
      await pair.onReplica('select pg_wal_replay_resume()');
    });

    it('a replica that fails a read leaves the rotation, the read runs on the primary, and a check brings it back', async () => {
      const { dbId } = await openCase(app, bot);
      await until('the replica to replay the report', async () => {
        await serverOf(app).replicas.check();
        return (await caseOf(app, dbId, undefined, true)).status === 200;
      });
      await pair.stopReplica();
      expect(serverOf(app).healthy()).toBe(true);
      expectOk(await caseOf(app, dbId, undefined, true), 'player.ok');
      expect(serverOf(app).healthy()).toBe(false);
      expectOk(await caseOf(app, dbId, undefined, true), 'player.ok');
      expectOk(await app.request.get('/api/players?game=all&status=-1'), 'players.ok');
      // The node stays healthy; its health tells that no replica takes reads.
      const health = await app.request.get('/api/health');
      expectOk(health, 'health.ok');
      expect(health.body.data.replicas).toEqual({ status: 'ok', kind: 'postgres', inRotation: 0, of: 1, lagMs: [null], detail: expect.stringMatching(/no replica in rotation/) });

      await pair.startReplica();
      await until('the replica back in rotation', async () => {
        await serverOf(app).replicas.check();
        return serverOf(app).healthy();
      });
      expect((await app.request.get('/api/health')).body.data.replicas).toEqual({ status: 'ok', kind: 'postgres', inRotation: 1, of: 1, lagMs: [expect.any(Number)] });
      // Serving again: a case it has not replayed is not found there.
      const unseen = await caseOnlyOnPrimary();
      expectError(await caseOf(app, unseen), 404, 'player.notFound');
      await caughtUp(unseen);
    });
  });

  describe('health checks', () => {
    let app: TestApp;
    let bot: string;
    beforeAll(async () => {
      app = await createTestApp({
        databaseUrl: pair.primaryUrl,
        env: { DATABASE_REPLICA_URLS: pair.replicaUrl, DATABASE_REPLICA_CHECK_MS: '50', DATABASE_REPLICA_MAX_LAG_MS: '400', READ_CACHE_TTL_MS: '0' },
      });
      ({ token: bot } = await app.factories.signedIn({ privileges: ['bot'], skipCaptcha: true }));
    });
    afterAll(async () => {
      await pair.onReplica('select pg_wal_replay_resume()').catch(() => undefined);
      await app?.close();
    });

    it('a replica that lags beyond the limit leaves the rotation, reads stay fresh, and it comes back once caught up', async () => {
      await until('the replica in rotation', () => serverOf(app).healthy());
      await pair.onReplica('select pg_wal_replay_pause()');
      const { dbId } = await openCase(app, bot);
      await until('the lagging replica out of rotation', () => !serverOf(app).healthy());
      expect(serverOf(app).replicas.states()[0]!.lagMs).toBeGreaterThan(400);
      // Visitors read the primary meanwhile: the report is there.
      expectOk(await caseOf(app, dbId), 'player.ok');
      await pair.onReplica('select pg_wal_replay_resume()');
      await until('the replica back in rotation', () => serverOf(app).healthy());
      expectOk(await caseOf(app, dbId), 'player.ok');
    });
  });
});
