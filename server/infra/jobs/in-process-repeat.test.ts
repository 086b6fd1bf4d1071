import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '@server/infra/logger';
import { inProcessRunner } from './in-process';
import { nextSlot } from './types';

const HOUR = 60 * 60 * 1000;

describe('in-process runner: repeated jobs', () => {
  afterEach(() => void vi.useRealTimers());

  it('runs a repeated job first at the next multiple of its period on the clock, not at start, then every period', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:20:00Z'), toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'] });
    const runner = inProcessRunner(createLogger('silent'));
    const ran: string[] = [];
    runner.register('openData.dump', async () => void ran.push(new Date().toISOString()));
    await runner.repeat('openData.dump', {}, HOUR);
    await runner.start();
    await vi.advanceTimersByTimeAsync(39 * 60 * 1000 + 59_000);
    expect(ran).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ran).toEqual(['2026-03-01T11:00:00.000Z']);
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(ran).toEqual(['2026-03-01T11:00:00.000Z', '2026-03-01T12:00:00.000Z', '2026-03-01T13:00:00.000Z']);
    await runner.close();
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(ran).toHaveLength(3);
  });

  it('places daily jobs at 00:00 UTC and a slot already reached at the next one', () => {
    expect(new Date(nextSlot(24 * HOUR, Date.parse('2026-03-01T23:59:59Z'))).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(new Date(nextSlot(HOUR, Date.parse('2026-03-01T11:00:00Z'))).toISOString()).toBe('2026-03-01T12:00:00.000Z');
  });
});
