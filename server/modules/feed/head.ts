import { roomOf } from '@shared/socket';
import type { Services } from '@server/core/services';
import { lastSeqOf } from '@server/db/outbox';

const HEAD_KEY = 'feed:cases:head';

/** The head read now in flight, per read cache: pollers arriving together share one read. */
const reading = new WeakMap<object, Promise<number>>();

/**
 * The feed's newest cursor, without reading the database while nothing changed: kept in the read
 * cache under the feed's room, which every change drops on every node (through Redis) before
 * anyone hears of it, and at most the cache's time (`READ_CACHE_TTL_MS`). An idle poll costs
 * this lookup and no statement.
 */
export async function knownHead(services: Services): Promise<number> {
  const hit = services.readCache.get(HEAD_KEY);
  if (hit !== undefined) return Number(hit.toString());
  let pending = reading.get(services.readCache);
  if (!pending) {
    const ticket = services.readCache.ticket();
    pending = lastSeqOf(services.db, roomOf.caseFeed).then(
      (head) => {
        reading.delete(services.readCache);
        services.readCache.set(HEAD_KEY, roomOf.caseFeed, Buffer.from(String(head)), ticket);
        return head;
      },
      (err: unknown) => {
        reading.delete(services.readCache);
        throw err;
      },
    );
    reading.set(services.readCache, pending);
  }
  return pending;
}

/** The head as the database has it now (a cursor ahead of the kept head may come from a change not yet heard of here). */
export const freshHead = (services: Services) => lastSeqOf(services.db, roomOf.caseFeed);
