import { describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { BoundedMemoryLimiter } from './bounded-rate-limiter';

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

describe('a bounded memory limit', () => {
  it('allows its points in a window, then refuses with the time left, and counts again once the window ends', async () => {
    const limiter = new BoundedMemoryLimiter({ keyPrefix: 't', points: 3, duration: 1, maxKeys: 100 });
    const first = await limiter.consume('198.51.100.1');
    expect([first.consumedPoints, first.remainingPoints, first.isFirstInDuration]).toEqual([1, 2, true]);
    await limiter.consume('198.51.100.1');
    const third = await limiter.consume('198.51.100.1');
    expect([third.consumedPoints, third.remainingPoints, third.isFirstInDuration]).toEqual([3, 0, false]);
    const refused = await refusal(limiter.consume('198.51.100.1'));
    expect(refused).toBeInstanceOf(RateLimiterRes);
    expect((refused as RateLimiterRes).msBeforeNext).toBeGreaterThan(0);
    expect((refused as RateLimiterRes).msBeforeNext).toBeLessThanOrEqual(1000);
    // Another key has its own count.
    expect((await limiter.consume('198.51.100.2')).consumedPoints).toBe(1);
    // A refused try still counts (the window does not move with it).
    expect((await limiter.get('198.51.100.1'))?.consumedPoints).toBe(4);
    await new Promise((r) => setTimeout(r, (refused as RateLimiterRes).msBeforeNext + 20));
    expect(await limiter.get('198.51.100.1')).toBeNull();
    expect((await limiter.consume('198.51.100.1')).consumedPoints).toBe(1);
  });

  it('keeps at most its number of keys: a flood of new keys forgets the oldest, not the memory', async () => {
    const limiter = new BoundedMemoryLimiter({ keyPrefix: 't', points: 1, duration: 60, maxKeys: 50 });
    await limiter.consume('first');
    expect(await refusal(limiter.consume('first'))).toBeInstanceOf(RateLimiterRes);
    for (let i = 0; i < 500; i++) await limiter.consume(`10.0.${i >> 8}.${i & 255}`);
    expect(limiter.size).toBeLessThanOrEqual(50);
    expect(limiter.size).toBeGreaterThan(0);
    expect(await limiter.get('first')).toBeNull();
    // The newest keys are still held to their limit.
    expect(await refusal(limiter.consume('10.0.1.243'))).toBeInstanceOf(RateLimiterRes);
  });

  it('penalty, get and delete answer as the library’s limiters do', async () => {
    const limiter = new BoundedMemoryLimiter({ keyPrefix: 't', points: 2, duration: 60, maxKeys: 10 });
    expect(await limiter.get('account')).toBeNull();
    await limiter.penalty('account', 2);
    const state = await limiter.get('account');
    expect([state?.consumedPoints, state?.remainingPoints]).toEqual([2, 0]);
    expect(state!.msBeforeNext).toBeGreaterThan(59_000);
    expect(await limiter.delete('account')).toBe(true);
    expect(await limiter.delete('account')).toBe(false);
    expect((await limiter.consume('account')).consumedPoints).toBe(1);
  });

  it('stands in for the Redis limiter while Redis cannot be reached', async () => {
    // A port nothing listens on: every command fails at once.
    const redis = new Redis({ host: '127.0.0.1', port: 1, lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
    try {
      const insurance = new BoundedMemoryLimiter({ keyPrefix: 'insurance:t', points: 2, duration: 60, maxKeys: 10 });
      const limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: 't', points: 2, duration: 60, insuranceLimiter: insurance });
      await limiter.consume('198.51.100.9');
      await limiter.consume('198.51.100.9');
      expect(await refusal(limiter.consume('198.51.100.9'))).toBeInstanceOf(RateLimiterRes);
      expect(insurance.size).toBe(1);
    } finally {
      redis.disconnect();
    }
  });
});
