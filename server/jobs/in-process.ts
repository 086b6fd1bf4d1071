import type { Logger } from '@server/infra/logger';
import type { JobHandler, JobMap, JobName, JobRunner } from './types';

/** Runs jobs in this process with timers; deadlines themselves live in the database. */
export function inProcessRunner(log: Logger): JobRunner {
  const handlers = new Map<JobName, JobHandler<JobName>>();
  const timers = new Map<string, NodeJS.Timeout>();
  let started = false;
  const pending: Array<() => void> = [];

  const run = async (name: JobName, data: unknown) => {
    const handler = handlers.get(name);
    if (!handler) return log.warn({ job: name }, 'no handler for job');
    try {
      await handler(data as never);
    } catch (err) {
      log.error({ err, job: name }, 'job failed');
    }
  };

  return {
    kind: 'in-process',
    register(name, handler) {
      handlers.set(name, handler as JobHandler<JobName>);
    },
    async enqueue(name, data, opts = {}) {
      const key = opts.jobId ? `${name}:${opts.jobId}` : `${name}:${Math.random()}`;
      if (opts.jobId && timers.has(key)) return;
      const schedule = () => {
        const t = setTimeout(() => {
          timers.delete(key);
          void run(name, data);
        }, opts.delayMs ?? 0);
        t.unref();
        timers.set(key, t);
      };
      if (started) schedule();
      else pending.push(schedule);
    },
    async repeat<K extends JobName>(name: K, data: JobMap[K], everyMs: number) {
      const schedule = () => {
        const t = setInterval(() => void run(name, data), everyMs);
        t.unref();
        timers.set(`repeat:${name}`, t);
      };
      if (started) schedule();
      else pending.push(schedule);
    },
    async start() {
      started = true;
      for (const p of pending.splice(0)) p();
    },
    async close() {
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
    },
  };
}
