import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startPrivateRedis } from '@server/test/private-redis';
import { createRedis } from './redis';
import { createReadCache, type ReadCache } from './read-cache';

const caches: ReadCache<string>[] = [];
const cache = (opts: Parameters<typeof createReadCache>[0]) => {
  const c = createReadCache<string>(opts);
  caches.push(c);
  return c;
};
afterEach(() => {
  for (const c of caches.splice(0)) c.close();
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('read cache', () => {
  it('keeps an answer until its room is evicted, and only that room', () => {
    const c = cache({ max: 100, ttlMs: 60_000 });
    c.set('case:dbId:1', 'case:1', 'one', c.ticket());
    c.set('case:personaId:9', 'case:1', 'one by persona', c.ticket());
    c.set('case:dbId:2', 'case:2', 'two', c.ticket());
    expect(c.get('case:dbId:1')).toBe('one');
    c.evict(['case:1']);
    expect(c.get('case:dbId:1')).toBeUndefined();
    expect(c.get('case:personaId:9')).toBeUndefined();
    expect(c.get('case:dbId:2')).toBe('two');
  });

  it('drops the answers about every room of a kind when one of them changes', () => {
    const c = cache({ max: 100, ttlMs: 60_000 });
    c.set('players:status=1', 'case:*', 'list', c.ticket());
    c.set('case:dbId:2', 'case:2', 'two', c.ticket());
    c.evict(['chat:1-2']);
    expect(c.get('players:status=1')).toBe('list');
    c.evict(['case:1']);
    expect(c.get('players:status=1')).toBeUndefined();
    expect(c.get('case:dbId:2')).toBe('two');
    // A list read while a case changed is not kept either.
    const t = c.ticket();
    c.evict(['case:3']);
    c.set('players:status=1', 'case:*', 'stale list', t);
    expect(c.get('players:status=1')).toBeUndefined();
  });

  it('drops an answer about several rooms when any of them changes', () => {
    const c = cache({ max: 100, ttlMs: 60_000 });
    const rooms = ['all', 'case:*', 'user:*'];
    c.set('statistics', rooms, 'counts', c.ticket());
    c.evict(['chat:1-2', 'staff']);
    expect(c.get('statistics')).toBe('counts');
    for (const changed of ['all', 'case:4', 'user:9']) {
      c.set('statistics', rooms, 'counts', c.ticket());
      c.evict([changed]);
      expect(c.get('statistics')).toBeUndefined();
    }
    // Read while one of its rooms changed: not kept.
    const t = c.ticket();
    c.evict(['user:2']);
    c.set('statistics', rooms, 'stale counts', t);
    expect(c.get('statistics')).toBeUndefined();
    // Set again under fewer rooms: the old rooms no longer drop it.
    c.set('statistics', rooms, 'counts', c.ticket());
    c.set('statistics', 'all', 'counts', c.ticket());
    c.evict(['case:1']);
    expect(c.get('statistics')).toBe('counts');
  });

  it('drops every answer of a kind on `<kind>:**`, and keeps none read across it', () => {
    const c = cache({ max: 100, ttlMs: 60_000 });
    c.set('timeline:1', 'case:1', 'one', c.ticket());
    c.set('timeline:2', 'case:2', 'two', c.ticket());
    c.set('players', 'case:*', 'list', c.ticket());
    c.set('me', 'user:1', 'me', c.ticket());
    const t = c.ticket();
    c.evict(['case:**']);
    expect([c.get('timeline:1'), c.get('timeline:2'), c.get('players'), c.get('me')]).toEqual([undefined, undefined, undefined, 'me']);
    c.set('timeline:3', 'case:3', 'read across it', t);
    expect(c.get('timeline:3')).toBeUndefined();
    // A case's own change drops only its answers and the many-case ones.
    c.set('timeline:1', 'case:1', 'one', c.ticket());
    c.set('timeline:2', 'case:2', 'two', c.ticket());
    c.evict(['case:1']);
    expect([c.get('timeline:1'), c.get('timeline:2')]).toEqual([undefined, 'two']);
  });

  it('keeps an answer under every account it shows: one of them changing drops it, another account does not', () => {
    const c = cache({ max: 100, ttlMs: 60_000 });
    c.set('timeline:1', ['case:1', 'user:4', 'user:5'], 'page of case 1', c.ticket());
    c.set('timeline:2', ['case:2', 'user:6'], 'page of case 2', c.ticket());
    c.evict(['user:5']);
    expect(c.get('timeline:1')).toBeUndefined();
    expect(c.get('timeline:2')).toBe('page of case 2');
  });

  it('does not keep an answer read before its room changed', () => {
    const c = cache({ max: 100, ttlMs: 60_000 });
    const before = c.ticket();
    c.evict(['case:1']); // a write committed while the read was on its way
    c.set('case:dbId:1', 'case:1', 'stale', before);
    expect(c.get('case:dbId:1')).toBeUndefined();
    const after = c.ticket();
    c.set('case:dbId:1', 'case:1', 'fresh', after);
    expect(c.get('case:dbId:1')).toBe('fresh');
  });

  it('lets an answer live at most its time from the moment its read began; 0 keeps nothing', async () => {
    const c = cache({ max: 100, ttlMs: 150 });
    const t = c.ticket();
    await sleep(100);
    c.set('k', 'r', 'body', t);
    expect(c.get('k')).toBe('body');
    await sleep(80);
    expect(c.get('k')).toBeUndefined();
    const off = cache({ max: 100, ttlMs: 0 });
    off.set('k', 'r', 'body', off.ticket());
    expect(off.get('k')).toBeUndefined();
  });

  it('holds at most `max` answers, the least recently read going first', () => {
    const c = cache({ max: 2, ttlMs: 60_000 });
    c.set('a', 'r1', 'A', c.ticket());
    c.set('b', 'r2', 'B', c.ticket());
    c.get('a');
    c.set('c', 'r3', 'C', c.ticket());
    expect([c.get('a'), c.get('b'), c.get('c')]).toEqual(['A', undefined, 'C']);
    c.evict(['r1']);
    expect(c.get('a')).toBeUndefined();
  });

  it('holds at most `maxBytes` of answers, the least recently read going first, and never one larger than that', () => {
    const c = cache({ max: 100, maxBytes: 100, ttlMs: 60_000 });
    c.set('a', 'r1', 'A'.repeat(40), c.ticket());
    c.set('b', 'r2', 'B'.repeat(40), c.ticket());
    c.get('a');
    c.set('c', 'r3', 'C'.repeat(40), c.ticket());
    expect([c.get('a')?.length, c.get('b'), c.get('c')?.length]).toEqual([40, undefined, 40]);
    c.set('huge', 'r4', 'H'.repeat(200), c.ticket());
    expect(c.get('huge')).toBeUndefined();
    expect(c.get('a')?.length).toBe(40);
  });

  it('drops the answers of other nodes through Redis, and not again its own when it hears them back', async () => {
    const channel = `rc-test-${crypto.randomBytes(4).toString('hex')}`;
    const server = await startPrivateRedis();
    const redis = createRedis(server.url);
    try {
      const a = cache({ max: 10, ttlMs: 60_000, redis, channel });
      const b = cache({ max: 10, ttlMs: 60_000, redis, channel });
      await sleep(200); // both subscribed
      b.set('case:dbId:7', 'case:7', 'seven', b.ticket());
      a.evict(['case:7']);
      // Read again on the evicting node right after its change: kept.
      a.set('case:dbId:7', 'case:7', 'seven again', a.ticket());
      for (let i = 0; i < 50 && b.get('case:dbId:7') !== undefined; i++) await sleep(20);
      expect(b.get('case:dbId:7')).toBeUndefined();
      await sleep(100); // its own message has come back by now
      expect(a.get('case:dbId:7')).toBe('seven again');
    } finally {
      redis.disconnect();
      await server.kill();
    }
  });
});
