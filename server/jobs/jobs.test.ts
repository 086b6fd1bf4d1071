import { describeWithRedis } from '@server/test/needs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { and, eq } from 'drizzle-orm';
import { createLogger } from '@server/infra/logger';
import { createRedis } from '@server/infra/redis';
import { realtimeEvents, verifications } from '@server/db/schema';
import { recordEvents } from '@server/db/outbox';
import type { RoomEvent } from '@shared/socket';
import { createTestApp, unique, type TestApp } from '@server/test/harness';
import { inProcessRunner } from '../infra/jobs/in-process';
import { bullmqRunner } from '../infra/jobs/bullmq';
import { EVENT_RETENTION_MS, purgeExpired } from './maintenance';
import { nextSlot, type JobRunner } from '../infra/jobs/types';

const log = createLogger('silent');
const waitFor = async (check: () => boolean, ms = 5_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

// The BullMQ runner is exercised whenever Redis is configured (CI's PostgreSQL + Redis run).
const runners: Array<[string, () => JobRunner]> = [['in-process', () => inProcessRunner(log)]];
if (process.env.REDIS_URL) runners.push(['bullmq', () => bullmqRunner(createRedis(process.env.REDIS_URL!), `jobs-test:${unique('q')}:`, log)]);

describe.each(runners)('%s job runner', (_name, make) => {
  it('runs a delayed job once, after its delay, and de-duplicates by job id', async () => {
    const runner = make();
    const ran: number[] = [];
    runner.register('maintenance.purge', async () => void ran.push(Date.now()));
    await runner.start();
    const queuedAt = Date.now();
    await runner.enqueue('maintenance.purge', {}, { delayMs: 300, jobId: 'same' });
    await runner.enqueue('maintenance.purge', {}, { delayMs: 300, jobId: 'same' });
    // A BullMQ worker that misses the wake-up of a delayed job finds it at the end of its
    // drain delay (5 s): late but run, which is all a delayed job promises. CI's loaded machine saw it.
    await waitFor(() => ran.length >= 1, 12_000);
    await new Promise((r) => setTimeout(r, 400));
    expect(ran).toHaveLength(1);
    expect(ran[0]! - queuedAt).toBeGreaterThanOrEqual(250);
    await runner.close();
  });

  it('keeps a job due in 30 days waiting (longer than one timer can wait; found by the fuzzer: a 30-day mute)', async () => {
    const runner = make();
    const ran: number[] = [];
    runner.register('maintenance.purge', async () => void ran.push(Date.now()));
    await runner.start();
    await runner.enqueue('maintenance.purge', {}, { delayMs: 30 * 24 * 60 * 60 * 1000, jobId: unique('far') });
    await new Promise((r) => setTimeout(r, 300));
    expect(ran).toEqual([]);
    await runner.close();
  });

  it('runs media jobs at most two at a time', async () => {
    const runner = make();
    let now = 0;
    let peak = 0;
    const done: number[] = [];
    runner.register('media.process', async ({ fileId }) => {
      peak = Math.max(peak, ++now);
      await new Promise((r) => setTimeout(r, 60));
      now--;
      done.push(fileId);
    });
    await runner.start();
    for (let i = 1; i <= 6; i++) await runner.enqueue('media.process', { fileId: i }, { jobId: `${unique('m')}` });
    await waitFor(() => done.length === 6);
    expect(peak).toBe(2);
    await runner.close();
  });

  it('repeats a scheduled job', async () => {
    const runner = make();
    let runs = 0;
    runner.register('maintenance.purge', async () => void runs++);
    await runner.repeat('maintenance.purge', {}, 150);
    await runner.start();
    await waitFor(() => runs >= 2);
    await runner.close();
  });
});

// Only with Redis (CI's PostgreSQL + Redis run), like the BullMQ runner above.
describeWithRedis('bullmq queues', () => {
  it('media jobs go to their own queue `media`, with the job id they were given, and its worker runs them', async () => {
    const redis = createRedis(process.env.REDIS_URL!);
    const prefix = `jobs-test:${unique('q')}:`;
    const runner = bullmqRunner(redis, prefix, log);
    const ran: number[] = [];
    runner.register('media.process', async ({ fileId }) => void ran.push(fileId));
    await runner.start();
    await runner.enqueue('media.process', { fileId: 42 }, { jobId: '42' });
    await waitFor(() => ran.length === 1);
    const media = new Queue('media', { connection: redis.duplicate(), prefix: `${prefix}bull` });
    const job = await media.getJob('media.process__42');
    expect(job?.data).toEqual({ fileId: 42 });
    const jobs = new Queue('jobs', { connection: redis.duplicate(), prefix: `${prefix}bull` });
    expect(await jobs.getJob('media.process__42')).toBeUndefined();
    await Promise.all([media.close(), jobs.close()]);
    await runner.close();
    redis.disconnect();
  });

  it('places a new repeated job at the next multiple of its period, not at start, and a restart keeps that place', async () => {
    const redis = createRedis(process.env.REDIS_URL!);
    const prefix = `jobs-test:${unique('q')}:`;
    const hour = 60 * 60 * 1000;
    const ran: number[] = [];
    const before = Date.now();
    const first = bullmqRunner(redis, prefix, log);
    first.register('openData.dump', async () => void ran.push(Date.now()));
    await first.repeat('openData.dump', {}, hour);
    await first.start();
    const jobs = new Queue('jobs', { connection: redis.duplicate(), prefix: `${prefix}bull` });
    const next = async () => (await jobs.getJobScheduler('repeat:openData.dump'))?.next;
    const slot = await next();
    expect([nextSlot(hour, before), nextSlot(hour)]).toContain(slot);
    await first.close();
    // Another node starting (or this one again) upserts the same schedule: its next run stays.
    const again = bullmqRunner(redis, prefix, log);
    again.register('openData.dump', async () => void ran.push(Date.now()));
    await again.repeat('openData.dump', {}, hour);
    await again.start();
    await new Promise((r) => setTimeout(r, 300));
    expect(await next()).toBe(slot);
    expect(ran).toEqual([]);
    await jobs.close();
    await again.close();
    redis.disconnect();
  });

  it('keeps nothing of a personal job once it ran: no typed name or e-mail stays in Redis', async () => {
    const redis = createRedis(process.env.REDIS_URL!);
    const prefix = `jobs-test:${unique('q')}:`;
    const runner = bullmqRunner(redis, prefix, log);
    const ran: string[] = [];
    runner.register('auth.resetMail', async ({ originEmail }) => void ran.push(originEmail));
    await runner.start();
    await runner.enqueue('auth.resetMail', { username: 'someone', originEmail: 'kept-nowhere@example.test' }, { personal: true });
    await runner.enqueue('user.muteSweep', {});
    await waitFor(() => ran.length === 1);
    await new Promise((r) => setTimeout(r, 300));
    const jobs = new Queue('jobs', { connection: redis.duplicate(), prefix: `${prefix}bull` });
    const kept = await jobs.getJobs(['completed', 'failed', 'waiting', 'delayed', 'active']);
    expect(kept.map((j) => j.name)).not.toContain('auth.resetMail');
    for (const key of await redis.keys(`${prefix}*`)) {
      const type = await redis.type(key);
      const text = type === 'hash' ? JSON.stringify(await redis.hgetall(key)) : type === 'string' ? String(await redis.get(key)) : '';
      expect(text, key).not.toContain('kept-nowhere@example.test');
    }
    await jobs.close();
    await runner.close();
    redis.disconnect();
  });

  it('closes every Redis connection it opened when it closes', async () => {
    const tag = unique('jobs-conn');
    // Named: the runner's own connections are copies of it and carry the name (BullMQ renames the ones it makes itself).
    const redis = createRedis(process.env.REDIS_URL!).duplicate({ connectionName: tag });
    const runner = bullmqRunner(redis, `jobs-test:${unique('q')}:`, log);
    const ran: number[] = [];
    runner.register('media.process', async ({ fileId }) => void ran.push(fileId));
    await runner.start();
    await runner.enqueue('media.process', { fileId: 7 });
    await waitFor(() => ran.length === 1);
    const named = async () => String(await redis.client('LIST')).split('\n').filter((line: string) => line.includes(` name=${tag} `)).length;
    expect(await named()).toBeGreaterThan(1);
    await runner.close();
    const until = Date.now() + 5_000;
    while ((await named()) > 1 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    // Only the one the test itself holds.
    expect(await named()).toBe(1);
    redis.disconnect();
  });
});

describe('maintenance purge', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('deletes expired codes and events past retention, and keeps the rest', async () => {
    const db = app.services.db;
    // Purge as of an hour from now: the server's own scheduled purge (real time) cannot race this test for the rows.
    const later = Date.now() + 60 * 60 * 1000;
    const stale = unique('stale').padEnd(20, 'x').replace(/-/g, 'x');
    const fresh = unique('fresh').padEnd(20, 'x').replace(/-/g, 'x');
    await db.insert(verifications).values([
      { code: stale, type: 'register', expiresTime: new Date(later - 30 * 60 * 1000) },
      { code: fresh, type: 'register', expiresTime: new Date(later + 60_000) },
    ]);
    const room = `case:${Math.floor(Math.random() * 1e9) + 1}`;
    const event = { room, name: 'user.updated' as const, payload: { userId: 1 } };
    const [old, recent] = (await recordEvents(db, [event, event])) as RoomEvent[];
    await db
      .update(realtimeEvents)
      .set({ createTime: new Date(later - EVENT_RETENTION_MS - 1000) })
      .where(and(eq(realtimeEvents.room, room), eq(realtimeEvents.seq, old.seq)));

    const removed = await purgeExpired(db, later);
    expect(removed).toEqual({ codes: 1, events: 1 });
    const codes = (await db.select({ code: verifications.code }).from(verifications)).map((r) => r.code);
    expect(codes).toContain(fresh);
    expect(codes).not.toContain(stale);
    const seqs = (await db.select({ seq: realtimeEvents.seq }).from(realtimeEvents).where(eq(realtimeEvents.room, room))).map((r) => r.seq);
    expect(seqs).toEqual([recent.seq]);
  });
});
