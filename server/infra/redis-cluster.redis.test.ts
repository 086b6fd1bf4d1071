import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { createLogger } from '@server/infra/logger';
import { createTestApp, unique, type TestApp } from '@server/test/harness';
import { expectError, expectOk } from '@server/test/expect';
import { sharedClusterNodes } from '@server/test/redis-cluster';
import { connectRedis, isCluster, unlinkPrefixed, type RedisClient } from './redis';
import { bullmqRunner, queuePrefix } from './jobs/bullmq';
import { createRateLimiters } from './rate-limits';
import { createReadCache } from './read-cache';
import { redisStore } from './store';

/** Everything the site keeps in Redis, on a three-master Redis Cluster (the one CI starts: scripts/redis-cluster.sh). */
const log = createLogger('silent');
const target = loadConfig({ REDIS_CLUSTER_NODES: sharedClusterNodes() });
const prefix = `cluster-test:${crypto.randomBytes(4).toString('hex')}:`;
const clients: RedisClient[] = [];
const cluster = () => {
  const c = connectRedis(target)!;
  clients.push(c);
  return c;
};
const waitFor = async (check: () => boolean, ms = 10_000) => {
  for (const until = Date.now() + ms; !check(); await new Promise((r) => setTimeout(r, 20))) if (Date.now() > until) throw new Error('timed out');
};

afterAll(async () => {
  const c = cluster();
  await unlinkPrefixed(c, prefix);
  await unlinkPrefixed(c, `{${prefix}`);
  for (const client of clients) client.disconnect();
});

describe('on a Redis Cluster', () => {
  it('runs each queue under a hash tag of its own, and every job once', async () => {
    const redis = cluster();
    expect(isCluster(redis)).toBe(true);
    const runner = bullmqRunner(redis, prefix, log);
    const ran: string[] = [];
    runner.register('maintenance.purge', async () => void ran.push('purge'));
    runner.register('media.process', async (data) => void ran.push(`media ${data.fileId}`));
    await runner.start();
    await runner.enqueue('maintenance.purge', {});
    await runner.enqueue('media.process', { fileId: 7 });
    await waitFor(() => ran.length >= 2);
    expect(ran.sort()).toEqual(['media 7', 'purge']);
    expect((await runner.status()).failed).toBe(0);
    await runner.close();
    // The two queues' keys hash by their tags, each queue's keys to one slot.
    const slotOf = (key: string) => (redis as unknown as { cluster(...a: string[]): Promise<number> }).cluster('KEYSLOT', key);
    const jobs = queuePrefix(prefix, 'jobs', true);
    const media = queuePrefix(prefix, 'media', true);
    expect(await slotOf(`${jobs}:jobs:wait`)).toBe(await slotOf(`${jobs}:jobs:meta`));
    expect(jobs).toMatch(/^\{.+\}$/);
    expect(media).not.toBe(jobs);
  });

  it('counts a rate limit across nodes, keeps a captcha single-use, and carries read-cache evictions between nodes', async () => {
    const [one, two] = [createRateLimiters(cluster(), prefix), createRateLimiters(cluster(), prefix)];
    const key = unique('addr');
    for (let i = 0; i < 3; i++) await one.statistics.consume(key);
    for (let i = 0; i < 2; i++) await two.statistics.consume(key);
    await expect(one.statistics.consume(key)).rejects.toMatchObject({ remainingPoints: 0 });

    const store = redisStore(cluster(), prefix);
    const marker = `captcha:${unique('hash')}`;
    expect(await store.setOnce(marker, 10_000)).toBe(true);
    expect(await redisStore(cluster(), prefix).setOnce(marker, 10_000)).toBe(false);

    const channel = `${prefix}read-cache:evict`;
    const [a, b] = [createReadCache({ max: 10, ttlMs: 30_000, redis: cluster(), channel }), createReadCache({ max: 10, ttlMs: 30_000, redis: cluster(), channel })];
    try {
      // The subscriber may still be connecting: keep answers until an eviction from A is heard on B.
      for (const until = Date.now() + 10_000; ; ) {
        b.set('case 1', 'case:1', Buffer.from('old'), b.ticket());
        await a.evict(['case:1']);
        await new Promise((r) => setTimeout(r, 100));
        if (b.get('case 1') === undefined) break;
        if (Date.now() > until) throw new Error('B never heard an eviction of A');
      }
      b.set('case 1', 'case:1', Buffer.from('kept'), b.ticket());
      expect(b.get('case 1')?.toString()).toBe('kept');
      await a.evict(['case:1']);
      await waitFor(() => b.get('case 1') === undefined, 5_000);
    } finally {
      a.close();
      b.close();
    }
  });
});

describe('a site on a Redis Cluster', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ env: { REDIS_CLUSTER_NODES: sharedClusterNodes() } });
  });
  afterAll(() => app?.close());

  it('reports Redis up, queues on BullMQ, and refuses a captcha used twice', async () => {
    expect(app.services.jobs.kind).toBe('bullmq');
    expect(app.services.redis && isCluster(app.services.redis)).toBe(true);
    const health = await app.request.get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body.data.redis.status).toBe('ok');
    const user = await app.factories.createUser();
    const captcha = await app.solveCaptcha();
    const signin = () => app.request.post('/api/user/signin').send({ data: { username: user.username, password: user.password }, captcha });
    expectOk(await signin(), 'signin.success');
    expectError(await signin(), 403, 'captcha.expired');
  });
});
