import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomEvent } from '@shared/socket';
import { loadConfig } from '@server/config';
import { createLogger } from '@server/infra/logger';
import { createTestApp, joinRoom, type TestApp } from '@server/test/harness';
import { watchedCase } from '@server/test/cases';
import { startPrivateCluster, type PrivateCluster } from '@server/test/redis-cluster';
import { connectRedis, type RedisClient } from './redis';
import { bullmqRunner, queuePrefix } from './jobs/bullmq';
import type { JobRunner } from './jobs/types';

/**
 * A master of the cluster hands its slots to its replica (CLUSTER FAILOVER, as an operator does
 * before maintenance) while a case is written to and jobs are queued: no accepted job is lost
 * and, after the client's re-join from the last sequence it saw, no event either.
 */
describe('a Redis Cluster master fails over under load', { timeout: 90_000 }, () => {
  let cluster: PrivateCluster;
  let app: TestApp;
  let runner: JobRunner;
  let redis: RedisClient;
  beforeAll(async () => {
    // Ports of this file's own (and their bus ports, +10000): CI's cluster is on 7000-7005.
    cluster = await startPrivateCluster(7100 + 6 * (process.pid % 50));
    app = await createTestApp({ env: { REDIS_CLUSTER_NODES: cluster.nodes } });
    redis = connectRedis(loadConfig({ REDIS_CLUSTER_NODES: cluster.nodes }))!;
  });
  afterAll(async () => {
    await runner?.close();
    redis?.disconnect();
    await app?.close();
    await cluster?.stop();
  });

  it('loses no accepted job and no event', async () => {
    const prefix = `failover-${crypto.randomBytes(3).toString('hex')}:`;
    runner = bullmqRunner(redis, prefix, createLogger('silent'));
    const ran = new Map<number, number>();
    runner.register('maintenance.purge', async (data) => {
      const n = (data as unknown as { n: number }).n;
      ran.set(n, (ran.get(n) ?? 0) + 1);
    });
    await runner.start();

    const { token, dbId, room, socket, events } = await watchedCase(app);

    // The master that holds the job queue's slot, and its replica.
    const slot = Number(await cluster.cli(cluster.ports[0]!, 'cluster', 'keyslot', `${queuePrefix(prefix, 'jobs', true)}:jobs:wait`));
    const lines = (await cluster.cli(cluster.ports[0]!, 'cluster', 'nodes')).split('\n').map((l) => l.split(' '));
    const holds = (l: string[]) => l.slice(8).some((r) => (([a, b = a]) => slot >= Number(a) && slot <= Number(b))(r.split('-')));
    const master = lines.find((l) => l[2]!.includes('master') && holds(l))!;
    const replica = lines.find((l) => l[3] === master[0])!;
    const replicaPort = Number(replica[1]!.split(':')[1]!.split('@')[0]);

    const accepted = { jobs: [] as number[], replies: [] as number[] };
    let n = 0;
    let stop = false;
    const load = (async () => {
      while (!stop) {
        const i = ++n;
        const [job, reply] = await Promise.allSettled([
          runner.enqueue('maintenance.purge', { n: i } as never, { jobId: `n${i}` }),
          app.request
            .post('/api/player/reply')
            .set('x-access-token', token)
            .send({ data: { toPlayerId: dbId, content: `<p>Failover reply ${i}: ${crypto.randomBytes(24).toString('base64')}</p>` }, SKIP_CAPTCHA: true }),
        ]);
        if (job.status === 'fulfilled') accepted.jobs.push(i);
        if (reply.status === 'fulfilled' && reply.value.status === 200) accepted.replies.push(i);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await cluster.cli(replicaPort, 'cluster', 'failover')).toBe('OK');
    for (const until = Date.now() + 20_000; !(await cluster.cli(replicaPort, 'role')).startsWith('master'); await new Promise((r) => setTimeout(r, 100))) {
      if (Date.now() > until) throw new Error('the replica did not take over');
    }
    await new Promise((r) => setTimeout(r, 2_000));
    stop = true;
    await load;
    // Most of the load went through: a failover costs a moment, not the run.
    expect(accepted.jobs.length).toBeGreaterThan(n / 2);
    expect(accepted.replies.length).toBeGreaterThan(n / 2);

    // Every accepted job runs, once.
    for (const until = Date.now() + 20_000; accepted.jobs.some((i) => !ran.has(i)); await new Promise((r) => setTimeout(r, 100))) {
      if (Date.now() > until) throw new Error(`jobs never ran: ${accepted.jobs.filter((i) => !ran.has(i)).join(', ')}`);
    }
    expect([...ran.values()].every((count) => count === 1)).toBe(true);

    // Every accepted reply's event reaches the socket, live or through the re-join's replay.
    await app.server.realtime.settled();
    const contiguous: RoomEvent[] = [];
    for (const e of events.filter((e) => e.room === room)) if (!contiguous.length || e.seq === contiguous.at(-1)!.seq + 1) contiguous.push(e);
    expect((await joinRoom(socket, room, contiguous.at(-1)?.seq ?? 0)).ok).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    const all = new Map<number, RoomEvent>();
    for (const e of events.filter((e) => e.room === room)) all.set(e.seq, e);
    const seqs = [...all.keys()].sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => seqs[0]! + i));
    const replied = [...all.values()].filter((e) => e.name === 'timeline.added' && JSON.stringify(e.payload).includes('Failover reply'));
    expect(replied).toHaveLength(accepted.replies.length);
    console.log(`cluster failover: ${accepted.jobs.length} of ${n} jobs and ${accepted.replies.length} of ${n} replies accepted; all ran / arrived`);
  });
});
