import type { Queue, Worker } from 'bullmq';
import { duplicateRedis, isCluster, type RedisClient } from '@server/infra/redis';
import { bullmq } from '@server/infra/redis-packages';
import type { Logger } from '@server/infra/logger';
import { JOB_QUEUES, QUEUE_CONCURRENCY, nextSlot, type JobHandler, type JobName, type JobRunner } from './types';

const queueOf = (name: JobName) => JOB_QUEUES[name] ?? 'jobs';

/**
 * BullMQ's key prefix for a queue. A queue's scripts touch many of its keys at once, which a
 * cluster allows only within one hash slot: there each queue's prefix is a hash tag of its own
 * (`{tribunal:bull:media}`), so the queues spread over the masters. One Redis keeps the plain prefix,
 * so upgrading a site does not leave its waiting jobs under keys nobody reads.
 */
export const queuePrefix = (prefix: string, queue: string, cluster: boolean) => (cluster ? `{${prefix}bull:${queue}}` : `${prefix}bull`);

/** BullMQ on Redis: jobs survive restarts and each runs on exactly one node. Media work has its own queue. */
export function bullmqRunner(redis: RedisClient, prefix: string, log: Logger): JobRunner {
  const { Queue, Worker } = bullmq();
  const handlers = new Map<JobName, JobHandler<JobName>>();
  // Adding a job fails fast while Redis is down (the caller's sweep catches up); workers wait it out.
  const connection = duplicateRedis(redis);
  const queues = new Map<string, Queue>();
  const workers: Worker[] = [];
  // A connection handed to BullMQ stays open when what uses it closes: the runner ends its own.
  const workerConnections: RedisClient[] = [];
  const prefixOf = (q: string) => queuePrefix(prefix, q, isCluster(redis));
  const namedQueue = (q: string) => {
    if (!queues.has(q)) {
      const created = new Queue(q, { connection, prefix: prefixOf(q) });
      created.on('error', (err) => log.warn({ err, queue: q }, 'queue connection error'));
      queues.set(q, created);
    }
    return queues.get(q)!;
  };
  const queue = (name: JobName) => namedQueue(queueOf(name));

  return {
    kind: 'bullmq',
    register(name, handler) {
      handlers.set(name, handler as JobHandler<JobName>);
    },
    async enqueue(name, data, opts = {}) {
      await queue(name).add(name, data, {
        delay: opts.delayMs,
        jobId: opts.jobId ? `${name}__${opts.jobId}` : undefined, // BullMQ ids may not contain ":"
        attempts: 5,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: opts.personal ? true : 1000,
        removeOnFail: opts.personal ? true : 5000,
      });
    },
    async repeat(name, data, everyMs) {
      // `startDate` places a new schedule's first run (BullMQ runs an `every` schedule at once
      // otherwise); a schedule that exists keeps its own next run, so a restart moves nothing.
      await queue(name).upsertJobScheduler(`repeat:${name}`, { every: everyMs, startDate: nextSlot(everyMs) }, { name, data });
    },
    async start() {
      const names = new Set(['jobs', ...[...handlers.keys()].map(queueOf)]);
      for (const q of names) {
        const workerConnection = duplicateRedis(redis, { waitWhileDown: true });
        workerConnections.push(workerConnection);
        const worker = new Worker(
          q,
          async (job) => {
            const handler = handlers.get(job.name as JobName);
            if (!handler) throw new Error(`no handler for job ${job.name}`);
            await handler(job.data);
          },
          { connection: workerConnection, prefix: prefixOf(q), concurrency: QUEUE_CONCURRENCY[q] ?? 1 },
        );
        worker.on('failed', (job, err) => log.error({ err, job: job?.name }, 'job failed'));
        worker.on('error', (err) => log.warn({ err, queue: q }, 'worker connection error'));
        workers.push(worker);
      }
    },
    async status() {
      const names = new Set(['jobs', ...[...handlers.keys()].map(queueOf)]);
      const total = { workers: workers.filter((w) => w.isRunning()).length, waiting: 0, active: 0, delayed: 0, failed: 0 };
      for (const name of names) {
        const counts = await namedQueue(name).getJobCounts('waiting', 'active', 'delayed', 'failed');
        for (const k of ['waiting', 'active', 'delayed', 'failed'] as const) total[k] += counts[k] ?? 0;
      }
      return total;
    },
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all([...queues.values()].map((q) => q.close()));
      connection.disconnect();
      for (const c of workerConnections) c.disconnect();
    },
  };
}
