import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import type { RoomEvent } from '@shared/socket';
import { timeline } from '@server/db/schema';
import { joinRoom, type TestApp, createTestApp } from '@server/test/harness';
import { watchedCase } from '@server/test/cases';
import { expectError } from '@server/test/expect';
import { startPrivateRedis, type PrivateRedis } from '@server/test/private-redis';

/** Redis (realtime adapter, jobs, limits, captchas) dies and comes back while a case is being written to. */
describe('Redis restarts under writes', { timeout: 60_000 }, () => {
  let redis: PrivateRedis;
  let app: TestApp;
  beforeAll(async () => {
    redis = await startPrivateRedis();
    app = await createTestApp({ env: { REDIS_URL: redis.url } });
  });
  afterAll(async () => {
    await app?.close();
    await redis?.kill();
  });

  it('answers clearly while it is down, recovers by itself, and loses or doubles no accepted write or event', async () => {
    expect(app.services.jobs.kind).toBe('bullmq');
    const { token, dbId, room, socket, events } = await watchedCase(app);

    const accepted: number[] = [];
    let n = 0;
    const attempt = async () => {
      const i = ++n;
      const started = Date.now();
      const res = await app.request
        .post('/api/player/reply')
        .set('x-access-token', token)
        .send({ data: { toPlayerId: dbId, content: `<p>Redis drill reply ${i}: ${crypto.randomBytes(24).toString('base64')}</p>` }, SKIP_CAPTCHA: true });
      // Never a hang: an answer, good or clearly refused, within a few seconds.
      expect(Date.now() - started).toBeLessThan(6_000);
      if (res.status === 200) accepted.push(i);
      else expectError(res, 503, 'server.unavailable');
      return res.status;
    };
    for (let i = 0; i < 3; i++) expect(await attempt()).toBe(200);

    await redis.kill();
    for (let i = 0; i < 3; i++) await attempt();
    const health = await app.request.get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body.data.redis.status).toBe('down');

    await redis.start();
    const restarted = Date.now();
    let recoveredMs = -1;
    while (Date.now() - restarted < 15_000) {
      if ((await app.request.get('/api/health')).status === 200 && (await attempt()) === 200) {
        recoveredMs = Date.now() - restarted;
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(recoveredMs).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < 3; i++) expect(await attempt()).toBe(200);

    // Every accepted reply is stored exactly once.
    const stored = (await app.services.db.select({ content: timeline.content }).from(timeline).where(and(eq(timeline.playerId, dbId), like(timeline.content, '%Redis drill reply%')))).map((r) => r.content);
    expect(stored).toHaveLength(accepted.length);
    for (const i of accepted) expect(stored.filter((c) => c.includes(`reply ${i}:`))).toHaveLength(1);

    // The socket may have missed events while the adapter was cut off: a re-join from the last
    // sequence it saw fills the gap from the database, so it ends with every event once, in order.
    await app.server.realtime.settled();
    const seen = events.filter((e) => e.room === room);
    const contiguous: RoomEvent[] = [];
    for (const e of seen) if (!contiguous.length || e.seq === contiguous.at(-1)!.seq + 1) contiguous.push(e);
    const rejoin = await joinRoom(socket, room, contiguous.at(-1)?.seq ?? 0);
    expect(rejoin.ok).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    const all = new Map<number, RoomEvent>();
    for (const e of events.filter((e) => e.room === room)) all.set(e.seq, e);
    const seqs = [...all.keys()].sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => seqs[0]! + i));
    const replied = [...all.values()].filter((e) => e.name === 'timeline.added' && JSON.stringify(e.payload).includes('Redis drill reply'));
    expect(replied).toHaveLength(accepted.length);
    console.log(`redis restart: ${accepted.length} of ${n} writes accepted, recovered ${recoveredMs} ms after Redis came back`);
  });
});
