/** S10: queue hop (job enqueue → handler start), in-process runner and (with REDIS_URL) BullMQ. */
import crypto from 'node:crypto';
import { createLogger } from '@server/infra/logger';
import { inProcessRunner } from '@server/infra/jobs/in-process';
import { bullmqRunner } from '@server/infra/jobs/bullmq';
import { createRedis } from '@server/infra/redis';
import type { JobRunner } from '@server/infra/jobs/types';
import { ms, now, pct, sleep } from './common';

/** Hops measured after the warm-up: the first ones also wait for the workers' first connection. */
const WARM_UP = 20;

async function hop(runner: JobRunner, count: number) {
  const waits: number[] = [];
  let resolveDone!: () => void;
  const done = new Promise<void>((r) => (resolveDone = r));
  runner.register('bench.hop' as never, (async (data: { at: number }) => {
    waits.push(now() - data.at);
    if (waits.length === WARM_UP + count) resolveDone();
  }) as never);
  await runner.start();
  for (let i = 0; i < WARM_UP + count; i++) {
    await runner.enqueue('bench.hop' as never, { at: now() } as never);
    await sleep(5);
  }
  await done;
  await runner.close();
  return { first: waits[0]!, waits: waits.slice(WARM_UP) };
}

export async function scenarioS10(lines: string[]) {
  const log = createLogger('warn');
  const count = 300;
  lines.push(
    '### S10: queue hop (enqueue → handler start)',
    '',
    `${count} hops 5 ms apart after ${WARM_UP} warm-up hops (the first hop also waits for the workers to connect: "first").`,
    '',
    '| runner | first | p50 | p99 | max | target |',
    '|---|---|---|---|---|---|',
  );
  const inProcess = await hop(inProcessRunner(log), count);
  const row = (name: string, r: { first: number; waits: number[] }) =>
    `| ${name} | ${ms(r.first)} ms | ${ms(pct(r.waits, 0.5))} ms | ${ms(pct(r.waits, 0.99))} ms | ${ms(Math.max(...r.waits))} ms | p50 ≤ 3, p99 ≤ 10 |`;
  lines.push(row('in-process', inProcess));
  if (process.env.REDIS_URL) {
    const redis = createRedis(process.env.REDIS_URL);
    const prefix = `bench-hop-${crypto.randomBytes(3).toString('hex')}:`;
    lines.push(row('BullMQ (Redis)', await hop(bullmqRunner(redis, prefix, log), count)));
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  } else lines.push('| BullMQ | not run: set REDIS_URL | | | | |');
  lines.push('');
  console.log(lines.slice(-4).join('\n'));
}

