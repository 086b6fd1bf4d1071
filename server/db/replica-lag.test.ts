import { describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config';
import { LagClock, parseLsn } from './replica-lag';
import { replicaFailure } from './replicas';

describe('parseLsn', () => {
  it('reads both halves of a WAL position, so that positions compare as PostgreSQL orders them', () => {
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
    expect(() => parseLsn('16-B374D848')).toThrow(/WAL position/);
  });
});

describe('LagClock', () => {
  it('measures how long ago the primary first passed what a replica has replayed', () => {
    const clock = new LagClock(10_000);
    expect(clock.lagOf(0n, 0)).toBe(Infinity);
    clock.sample(100n, 1_000);
    clock.sample(100n, 2_000); // no move: the primary reached 100 at 1 000
    clock.sample(200n, 3_000);
    clock.sample(300n, 4_000);
    expect(clock.lagOf(300n, 4_500)).toBe(0);
    expect(clock.lagOf(350n, 4_500)).toBe(0);
    // Replayed 200 but not 300: it lacks what the primary wrote by 4 000.
    expect(clock.lagOf(250n, 4_500)).toBe(500);
    expect(clock.lagOf(100n, 4_500)).toBe(1_500);
    // Behind every sample kept: too far to tell.
    expect(clock.lagOf(50n, 4_500)).toBe(Infinity);
  });

  it('a primary without writes makes no replica late, however long it stays idle', () => {
    const clock = new LagClock(1_000);
    for (let t = 0; t <= 60_000; t += 1_000) clock.sample(500n, t);
    expect(clock.lagOf(500n, 60_000)).toBe(0);
  });

  it('forgets samples older than it keeps, but one', () => {
    const clock = new LagClock(1_000);
    for (let t = 0; t <= 10_000; t += 100) clock.sample(BigInt(t + 1), t);
    // 5 000's sample is gone: a replica that old is too far behind to say how far.
    expect(clock.lagOf(5_001n, 10_000)).toBe(Infinity);
    expect(clock.lagOf(9_001n, 10_000)).toBe(900);
  });
});

describe('replicaFailure', () => {
  it('runs a read again on the primary when the replica is gone or cancelled it for replay, not when it was too slow or wrong', () => {
    expect(replicaFailure(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toEqual({ retry: true, down: true });
    expect(replicaFailure(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toEqual({ retry: true, down: true });
    expect(replicaFailure(Object.assign(new Error('canceling statement due to conflict with recovery'), { code: '40001' }))).toEqual({ retry: true, down: false });
    expect(replicaFailure(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toEqual({ retry: false, down: false });
    expect(replicaFailure(Object.assign(new Error('syntax error'), { code: '42601' }))).toEqual({ retry: false, down: false });
    // drizzle wraps the driver's error in its own.
    expect(replicaFailure(new Error('Failed query', { cause: Object.assign(new Error('x'), { code: '08006' }) }))).toEqual({ retry: true, down: true });
  });
});

describe('DATABASE_REPLICA_URLS', () => {
  const base = { SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://db.example/tribunal' };
  it('lists PostgreSQL addresses, with the lag limit and the check interval', () => {
    const config = loadConfig({ ...base, DATABASE_REPLICA_URLS: ' postgres://r1.example/tribunal, postgresql://r2.example/tribunal ,', DATABASE_REPLICA_MAX_LAG_MS: '2000' });
    expect(config.replicas).toEqual({ urls: ['postgres://r1.example/tribunal', 'postgresql://r2.example/tribunal'], maxLagMs: 2000, checkMs: 1000 });
    expect(loadConfig(base).replicas.urls).toEqual([]);
  });

  it.each([
    [{ DATABASE_REPLICA_URLS: 'redis://r1.example' }, /DATABASE_REPLICA_URLS/],
    [{ DATABASE_REPLICA_URLS: 'not a url' }, /DATABASE_REPLICA_URLS/],
    [{ DATABASE_REPLICA_MAX_LAG_MS: '10' }, /DATABASE_REPLICA_MAX_LAG_MS/],
    [{ DATABASE_REPLICA_CHECK_MS: 'often' }, /DATABASE_REPLICA_CHECK_MS/],
  ])('refuses %j at start-up', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });

  it('refuses replicas without their primary', () => {
    expect(() => loadConfig({ SECRET: 'x'.repeat(32), DATABASE_REPLICA_URLS: 'postgres://r1.example/tribunal' })).toThrow(/DATABASE_REPLICA_URLS: replicas need DATABASE_URL/);
  });
});
