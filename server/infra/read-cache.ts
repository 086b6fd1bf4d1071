import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { duplicateRedis, type RedisClient } from './redis';
import type { Logger } from './logger';

/**
 * Serialised answers of hot public reads (a case by its key), each tied to the room whose events
 * announce that the thing changed. An answer is dropped when its room's events are published (on
 * this node at once, on the others through Redis), and lives at most `ttlMs` from the moment its
 * read began, which bounds what no event announces (view counts) well below the 30 s browsers
 * and proxies may keep the same answer (Cache-Control). An answer about many rooms of a kind (a
 * list of cases) is kept under `<kind>:*`, which every eviction of a room of that kind drops too.
 * Evicting `<kind>:**` drops every answer of the kind (a change that shows on all of them).
 */
export interface ReadCache<Body extends { length: number } = Buffer> {
  /** Taken before the read: an answer whose room changed after it is not kept. */
  ticket(): number;
  get(key: string): Body | undefined;
  /**
   * Keeps an answer until any of its rooms is evicted or its time is up: the cache's `ttlMs`, or
   * `keepMs` for an answer no event announces (an aggregate kept for minutes, with no rooms).
   */
  set(key: string, rooms: string | readonly string[], body: Body, ticket: number, keepMs?: number): void;
  /**
   * Drops the answers about these rooms here at once, and on every other node through Redis: the
   * promise settles when Redis took the message (or could not, within `PUBLISH_WAIT_MS`), so a write
   * answered after it is not read back stale from another node's cache.
   */
  evict(rooms: Iterable<string>): Promise<void>;
  close(): void;
}

/**
 * How long a write waits for Redis to take its eviction before it answers anyway: Redis being away
 * must not hold writes (the other nodes' answers then end by time, `ttlMs`).
 */
export const PUBLISH_WAIT_MS = 500;

/** `case:` of `case:7`, `case:*` and `case:**`; null for a room without a kind (`all`, `staff`). */
const kindOf = (room: string) => {
  const colon = room.indexOf(':');
  return colon > 0 ? room.slice(0, colon + 1) : null;
};

interface Options {
  max: number;
  /** The answers' total size (bytes) kept at most: a few large pages must not crowd the memory out. */
  maxBytes?: number;
  ttlMs: number;
  redis?: RedisClient;
  channel?: string;
  log?: Logger;
}

export function createReadCache<Body extends { length: number } = Buffer>({ max, maxBytes = 16 * 1024 * 1024, ttlMs, redis, channel = 'read-cache:evict', log }: Options): ReadCache<Body> {
  const keysOfRoom = new Map<string, Set<string>>();
  const entries = new LRUCache<string, { body: Body; rooms: readonly string[] }>({
    max,
    maxSize: maxBytes,
    sizeCalculation: (value, key) => value.body.length + key.length,
    ttl: Math.max(1, ttlMs),
    dispose: (value, key) => {
      for (const room of value.rooms) {
        const keys = keysOfRoom.get(room);
        keys?.delete(key);
        if (keys?.size === 0) keysOfRoom.delete(room);
      }
    },
  });
  let clock = 0;
  /** Tickets at or below it may have missed an eviction record pushed out for room: not kept. */
  let floor = 0;
  /** Room → the ticket of its last eviction, kept as long as an answer may live. */
  const evictedAt = new LRUCache<string, number>({
    max: max * 4,
    ttl: Math.max(1, ttlMs),
    dispose: (ticket, _room, reason) => {
      if (reason === 'evict') floor = Math.max(floor, ticket);
    },
  });
  const startedAt = new Map<number, number>();

  const dropRoom = (room: string) => {
    evictedAt.set(room, ++clock);
    const keys = keysOfRoom.get(room);
    if (keys) for (const key of [...keys]) entries.delete(key);
  };
  const evictHere = (room: string) => {
    const kind = kindOf(room);
    if (!kind) return dropRoom(room);
    if (room.endsWith(':**')) {
      // Every answer of the kind: each of its rooms, and the many-room answers.
      evictedAt.set(room, ++clock);
      for (const r of [...keysOfRoom.keys()]) if (r.startsWith(kind)) dropRoom(r);
      return dropRoom(`${kind}*`);
    }
    dropRoom(room);
    if (!room.endsWith(':*')) dropRoom(`${kind}*`);
  };
  /** Whether an eviction that concerns this room came after the ticket. */
  const changedSince = (room: string, ticket: number) => {
    const kind = kindOf(room);
    return (evictedAt.get(room) ?? 0) > ticket || (kind !== null && (evictedAt.get(`${kind}**`) ?? 0) > ticket);
  };

  // A message is this cache's id, then the rooms. A node has already dropped its own rooms when it
  // sends them: hearing them back would drop again what was read since (and refuse to keep it).
  const self = crypto.randomUUID();
  let sub: RedisClient | undefined;
  if (redis) {
    sub = duplicateRedis(redis, { waitWhileDown: true });
    sub.on('message', (from: string, message: string) => {
      if (from !== channel) return;
      const [sender, ...rooms] = message.split('\n');
      if (sender === self) return;
      for (const room of rooms) if (room) evictHere(room);
    });
    sub.subscribe(channel).catch((err: unknown) => log?.warn({ err }, 'read cache: cannot hear other nodes; answers expire by time only'));
  }

  return {
    ticket() {
      const t = ++clock;
      startedAt.set(t, Date.now());
      if (startedAt.size > 10_000) startedAt.delete(startedAt.keys().next().value!);
      return t;
    },
    get: (key) => entries.get(key)?.body,
    set(key, room, body, ticket, keepMs = ttlMs) {
      const rooms = typeof room === 'string' ? [room] : room;
      const began = startedAt.get(ticket);
      startedAt.delete(ticket);
      if (keepMs <= 0 || began === undefined || ticket <= floor || rooms.some((r) => changedSince(r, ticket))) return;
      const ttl = keepMs - (Date.now() - began);
      if (ttl <= 0) return;
      entries.set(key, { body, rooms }, { ttl });
      for (const r of rooms) {
        let keys = keysOfRoom.get(r);
        if (!keys) keysOfRoom.set(r, (keys = new Set()));
        keys.add(key);
      }
    },
    async evict(rooms) {
      const list = [...new Set(rooms)];
      if (!list.length) return;
      for (const room of list) evictHere(room);
      if (!redis) return;
      const sent = redis.publish(channel, [self, ...list].join('\n')).then(
        () => undefined,
        (err: unknown) => log?.warn({ err }, 'read cache: eviction not sent to other nodes; theirs expire by time'),
      );
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, PUBLISH_WAIT_MS)));
      await Promise.race([sent, late]);
      clearTimeout(timer);
    },
    close() {
      entries.clear();
      sub?.disconnect();
    },
  };
}
