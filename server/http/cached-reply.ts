import type { ReadCache } from '@server/infra/read-cache';
import { serialized, type Reply } from './envelope';

/** What a read answered, and the rooms whose events change that answer (null: not to be kept). */
export interface ReadAnswer {
  reply: Reply;
  rooms: string | readonly string[] | null;
  /**
   * How long it may be kept instead of the cache's own time (`READ_CACHE_TTL_MS`): for an aggregate
   * that no event announces and that is costly to compute (rankings over a year), kept by time alone
   * (no rooms).
   */
  keepMs?: number;
}

/**
 * An answer that is the same for everyone who asks it the same way (`key`), served from the read
 * cache: read and serialised once, then sent as it is until an event in one of its rooms (or the
 * cache's time limit) ends it. A read that raced a change is not kept (the cache's ticket). It is
 * the server's one way to keep an answer.
 */
export async function cachedReply(cache: ReadCache, key: string, code: string, read: () => Promise<ReadAnswer>): Promise<Reply> {
  const hit = cache.get(key);
  if (hit !== undefined) return { code, body: hit, cacheKey: key };
  const ticket = cache.ticket();
  const { reply, rooms, keepMs } = await read();
  if (rooms === null) return reply;
  const kept = serialized(reply);
  cache.set(key, rooms, kept.body!, ticket, keepMs);
  return { ...kept, cacheKey: key };
}
