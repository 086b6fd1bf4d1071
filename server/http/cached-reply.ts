import type { ReadCache } from '@server/infra/read-cache';
import { serialized, type Reply } from './envelope';

/**
 * The answer of a route that declares `keep` (`route.ts`), the server's one way to keep an answer:
 * the same for everyone who asks it the same way (`key`), read and serialised once, then sent as it
 * is until an event in one of the rooms the answer names (or its time) ends it. A hit skips `read`.
 * A read that raced a change is not kept (the cache's ticket, taken before it).
 */
export async function cachedReply(cache: ReadCache, key: string, code: string, read: () => Promise<Reply> | Reply): Promise<Reply> {
  const hit = cache.get(key);
  if (hit !== undefined) return { code, body: hit, cacheKey: key };
  const ticket = cache.ticket();
  const reply = await read();
  if (reply.rooms === undefined && reply.keepMs === undefined) return reply;
  const kept = serialized(reply);
  cache.set(key, reply.rooms ?? [], kept.body!, ticket, reply.keepMs);
  return { ...kept, cacheKey: key };
}
