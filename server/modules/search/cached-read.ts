import { roomOf } from '@shared/socket';
import type { SearchQuery } from '@shared/schemas/search';
import { ok, type Reply } from '@server/http/envelope';
import type { Db } from '@server/db/client';
import { roomsShownBy } from '@server/modules/timeline/rooms-shown';
import { runSearch } from './service';

/** A QQ bot tells "not found" by the presence of `message` (docs/api-compatibility.md#quirks-kept-on-purpose). */
const NOT_FOUND = 'search content not found';

/**
 * What changes the hits of each type: cases (names, counts, entries), accounts (a change, a
 * registration in `all`), and for entries also the accounts they show.
 */
function roomsOf(query: SearchQuery, data: unknown[]): readonly string[] {
  if (query.type === 'user') return ['user:*', roomOf.all];
  if (query.type === 'comment') return ['case:*', ...roomsShownBy(data as Parameters<typeof roomsShownBy>[0])];
  return ['case:*'];
}

/**
 * `GET /search`: the same hits for everyone asking the same query, and a live search box asks the
 * same prefixes again and again; kept (the route's `keep`) until a case (or, for users, an account)
 * changes.
 */
export const searchKey = (query: SearchQuery) => `search:${JSON.stringify(query)}`;

export async function searchReply(db: Db, query: SearchQuery): Promise<Reply> {
  const { data, total } = await runSearch(db, query);
  return ok('search.success', data, { ...(total > 0 ? { total } : { total, message: NOT_FOUND }), rooms: roomsOf(query, data) });
}
