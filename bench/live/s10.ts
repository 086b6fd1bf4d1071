/** S10: queue hop (job enqueue → handler start), in-process runner and (with REDIS_URL) BullMQ. */
import crypto from 'node:crypto';
import { createLogger } from '@server/infra/logger';
import { inProcessRunner } from '@server/jobs/in-process';
import { bullmqRunner } from '@server/jobs/bullmq';
import { createRedis } from '@server/infra/redis';
import type { JobRunner } from '@server/jobs/types';
import { ms, now, pct, sleep } from './common';

async function hop(runner: JobRunner, count: number) {
  const waits: number[] = [];
  let resolveDone!: () => void;
  const done = new Promise<void>((r) => (resolveDone = r));
  runner.register('bench.hop' as never, (async (data: { at: number }) => {
    waits.push(now() - data.at);
    if (waits.length === count) resolveDone();
  }) as never);
  await runner.start();
  for (let i = 0; i < count; i++) {
    await runner.enqueue('bench.hop' as never, { at: now() } as never);
    await sleep(5);
  }
  await done;
  await runner.close();
  return waits;
}

export async function scenarioS10(lines: string[]) {
  const log = createLogger('warn');
  const count = 300;
  lines.push('### S10: queue hop (enqueue → handler start)', '', '| runner | p50 | p99 | max | target |', '|---|---|---|---|---|');
  const inProcess = await hop(inProcessRunner(log), count);
  lines.push(`| in-process | ${ms(pct(inProcess, 0.5))} ms | ${ms(pct(inProcess, 0.99))} ms | ${ms(Math.max(...inProcess))} ms | p50 ≤ 3, p99 ≤ 10 |`);
  if (process.env.REDIS_URL) {
    const redis = createRedis(process.env.REDIS_URL);
    const prefix = `bench-hop-${crypto.randomBytes(3).toString('hex')}:`;
    const waits = await hop(bullmqRunner(redis, prefix, log), count);
    lines.push(`| BullMQ (Redis) | ${ms(pct(waits, 0.5))} ms | ${ms(pct(waits, 0.99))} ms | ${ms(Math.max(...waits))} ms | p50 ≤ 3, p99 ≤ 10 |`);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  } else lines.push('| BullMQ | not run: set REDIS_URL | | | |');
  lines.push('');
  console.log(lines.slice(-4).join('\n'));
}

