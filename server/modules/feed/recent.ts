import { LIMITS } from '@shared/limits';
import type { FeedItem } from '@shared/types/feed';
import type { Services } from '@server/core/services';
import { roomOf } from '@shared/socket';
import { feedItems, oldestKept, type FeedFilters } from './queries';

/** The changes numbered `from + 1` to `head`, every one of them (numbers have no gaps), oldest first. */
export interface RecentChanges {
  from: number;
  head: number;
  items: FeedItem[];
}

const kept = new WeakMap<object, RecentChanges>();
/**
 * Kept in the read cache under the feed's room while what is kept here was checked against the
 * oldest change kept in the database: the purge of old changes drops it (`purgeAndForget` in
 * server/jobs/maintenance.ts), and so does every new change, the cache's time, on every node.
 */
const CHECKED_KEY = 'feed:cases:recent-checked';
const loading = new WeakMap<object, Promise<RecentChanges>>();

/**
 * The newest changes (`LIMITS.feedRecentKept`) up to at least `head`, kept per node: a change is
 * never rewritten, so what was read stays true, and a newer head only adds what came after the
 * last one read (one statement per new head, whoever polls). `head` is the kept head of
 * `knownHead`, read from a committed state: every change up to it is there to read.
 */
export async function recentChanges(services: Services, head: number): Promise<RecentChanges> {
  const key = services.readCache;
  for (;;) {
    const have = kept.get(key);
    if (have && have.head >= head && services.readCache.get(CHECKED_KEY) !== undefined) return have;
    const pending = loading.get(key);
    if (pending) {
      // The load under way serves this poll when it reaches its head (its check is as new as this poll).
      const loaded = await pending.catch(() => null);
      if (loaded && loaded.head >= head) return loaded;
      continue;
    }
    const load = (async () => {
      const ticket = services.readCache.ticket();
      const upTo = Math.max(head, have?.head ?? 0);
      const after = have && upTo - have.head < LIMITS.feedRecentKept ? have.head : Math.max(0, upTo - LIMITS.feedRecentKept);
      const oldest = await oldestKept(services.db);
      const added = after < upTo ? await feedItems(services.db, after, upTo, {}, upTo - after) : [];
      // What the purge removed is not kept here either: a poll from before it must hear 410 from the database's answer.
      const items = [...(have && after === have.head ? have.items : []), ...added].slice(-LIMITS.feedRecentKept).filter((i) => oldest !== null && Number(i.cursor) >= oldest);
      const next = { from: items.length ? Number(items[0]!.cursor) - 1 : upTo, head: upTo, items };
      kept.set(key, next);
      services.readCache.set(CHECKED_KEY, roomOf.caseFeed, Buffer.from(String(next.from)), ticket);
      return next;
    })().finally(() => loading.delete(key));
    loading.set(key, load);
    return load;
  }
}

/** Whether a change passes a poll's filters: as `filterSql` of queries.ts says it in SQL. */
export function matchesFilters(item: FeedItem, { status, games }: FeedFilters): boolean {
  if (status && !status.includes(item.status) && (item.previousStatus === null || !status.includes(item.previousStatus))) return false;
  if (games && !item.games.some((g) => games.includes(g))) return false;
  return true;
}

/** The matching changes in (since, upTo] from those kept, at most `limit`; null when they do not reach back to `since`. */
export function recentItems(recent: RecentChanges, since: number, upTo: number, filters: FeedFilters, limit: number): FeedItem[] | null {
  if (since < recent.from || upTo > recent.head) return null;
  const items: FeedItem[] = [];
  for (let i = since - recent.from; i < upTo - recent.from && items.length < limit; i++) {
    const item = recent.items[i]!;
    if (matchesFilters(item, filters)) items.push(item);
  }
  return items;
}
