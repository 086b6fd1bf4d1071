import { Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from '@server/infra/logger';
import type { JobHandler, JobName, JobRunner } from './types';

/** BullMQ on Redis: jobs survive restarts and each runs on exactly one node. */
export function bullmqRunner(redis: Redis, prefix: string, log: Logger): JobRunner {
  const handlers = new Map<JobName, JobHandler<JobName>>();
  const connection = redis.duplicate();
  const queue = new Queue('jobs', { connection, prefix: `${prefix}bull` });
  let worker: Worker | undefined;

  return {
    kind: 'bullmq',
    register(name, handler) {
      handlers.set(name, handler as JobHandler<JobName>);
    },
    async enqueue(name, data, opts = {}) {
      await queue.add(name, data, {
        delay: opts.delayMs,
        jobId: opts.jobId ? `${name}__${opts.jobId}` : undefined, // BullMQ ids may not contain ":"
        attempts: 5,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: 1000,
        removeOnFail: 5000,
      });
    },
    async repeat(name, data, everyMs) {
      await queue.upsertJobScheduler(`repeat:${name}`, { every: everyMs }, { name, data });
    },
    async start() {
      worker = new Worker(
        'jobs',
        async (job) => {
          const handler = handlers.get(job.name as JobName);
          if (!handler) throw new Error(`no handler for job ${job.name}`);
          await handler(job.data);
        },
        { connection: redis.duplicate(), prefix: `${prefix}bull`, concurrency: 4 },
      );
      worker.on('failed', (job, err) => log.error({ err, job: job?.name }, 'job failed'));
    },
    async close() {
      await worker?.close();
      await queue.close();
      connection.disconnect();
    },
  };
}
