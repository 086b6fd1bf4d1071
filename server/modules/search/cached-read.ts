import { roomOf } from '@shared/socket';
import type { SearchQuery } from '@shared/schemas/search';
import { ok, type Reply } from '@server/http/envelope';
import { cachedReply } from '@server/http/cached-reply';
import type { Services } from '@server/services';
import { runSearch } from './service';

/** A QQ bot tells "not found" by the presence of `message` (docs/api-compatibility.md#quirks-kept-on-purpose). */
const NOT_FOUND = 'search content not found';

/** What changes the hits of each type: cases (names, counts, entries) or accounts (a change, a registration in `all`). */
const ROOMS_OF: Record<SearchQuery['type'], readonly string[]> = { player: ['case:*'], comment: ['case:*'], user: ['user:*', roomOf.all] };

/**
 * `GET /search`: the same hits for everyone asking the same query, and a live search box asks the
 * same prefixes again and again; kept in the read cache until a case (or, for users, an account)
 * changes.
 */
export function searchReply(services: Services, query: SearchQuery): Promise<Reply> {
  return cachedReply(services.readCache, `search:${JSON.stringify(query)}`, 'search.success', async () => {
    const { data, total } = await runSearch(services.db, query);
    return { reply: ok('search.success', data, total > 0 ? { total } : { total, message: NOT_FOUND }), rooms: ROOMS_OF[query.type] };
  });
}
