import type { Logger } from '@server/infra/logger';
import { JOB_QUEUES, QUEUE_CONCURRENCY, nextSlot, type JobHandler, type JobMap, type JobName, type JobRunner } from './types';

const MAX_TIMER_MS = 2_147_483_647;

/** Runs jobs in this process with timers; deadlines themselves live in the database. */
export function inProcessRunner(log: Logger): JobRunner {
  const handlers = new Map<JobName, JobHandler<JobName>>();
  const timers = new Map<string, NodeJS.Timeout>();
  let started = false;
  const pending: Array<() => void> = [];
  /** Jobs running now: closing waits for them (a job half done is redone by its sweep, but need not be). */
  const running = new Set<Promise<void>>();
  let closed = false;

  /** Jobs of a named queue (media) run at most its concurrency at once, like the BullMQ worker; the rest wait in order. */
  const busy = new Map<string, number>();
  const waiting = new Map<string, Array<() => void>>();
  const slot = async (queue: string | undefined) => {
    if (!queue) return () => undefined;
    if ((busy.get(queue) ?? 0) >= (QUEUE_CONCURRENCY[queue] ?? 1)) await new Promise<void>((r) => waiting.set(queue, [...(waiting.get(queue) ?? []), r]));
    busy.set(queue, (busy.get(queue) ?? 0) + 1);
    return () => {
      busy.set(queue, busy.get(queue)! - 1);
      waiting.get(queue)?.shift()?.();
    };
  };

  const run = (name: JobName, data: unknown) => {
    if (closed) return;
    const handler = handlers.get(name);
    if (!handler) return log.warn({ job: name }, 'no handler for job');
    const job = (async () => {
      const release = await slot(JOB_QUEUES[name]);
      try {
        if (!closed) await handler(data as never);
      } catch (err) {
        log.error({ err, job: name }, 'job failed');
      } finally {
        release();
      }
    })();
    running.add(job);
    void job.finally(() => running.delete(job));
  };

  return {
    kind: 'in-process',
    register(name, handler) {
      handlers.set(name, handler as JobHandler<JobName>);
    },
    async enqueue(name, data, opts = {}) {
      const key = opts.jobId ? `${name}:${opts.jobId}` : `${name}:${Math.random()}`;
      if (opts.jobId && timers.has(key)) return;
      // A timer waits at most 2^31-1 ms (about 24.8 days; longer ones fire at once): longer delays wait in steps.
      const due = Date.now() + (opts.delayMs ?? 0);
      const schedule = () => {
        const t = setTimeout(() => {
          if (Date.now() < due) return schedule();
          timers.delete(key);
          run(name, data);
        }, Math.min(Math.max(0, due - Date.now()), MAX_TIMER_MS));
        t.unref();
        timers.set(key, t);
      };
      if (started) schedule();
      else pending.push(schedule);
    },
    async repeat<K extends JobName>(name: K, data: JobMap[K], everyMs: number) {
      const key = `repeat:${name}`;
      const schedule = () => {
        const first = setTimeout(() => {
          run(name, data);
          const every = setInterval(() => run(name, data), everyMs);
          every.unref();
          timers.set(key, every);
        }, nextSlot(everyMs) - Date.now());
        first.unref();
        timers.set(key, first);
      };
      if (started) schedule();
      else pending.push(schedule);
    },
    async start() {
      started = true;
      for (const p of pending.splice(0)) p();
    },
    async status() {
      const scheduled = [...timers.keys()].filter((k) => !k.startsWith('repeat:')).length;
      return { workers: started && !closed ? 1 : 0, waiting: pending.length, active: running.size, delayed: scheduled, failed: 0 };
    },
    async close() {
      closed = true;
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      await Promise.all(running);
    },
  };
}
