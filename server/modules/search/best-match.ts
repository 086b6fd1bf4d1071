import { and, asc, desc, eq, not, sql, type SQL } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import type { SearchQuery } from '@shared/schemas/search';
import { nameHistory, players } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { preparedByKey } from '@server/db/prepared';
import { newestFirst } from '@server/db/order';
import { KEY_IN_BYTE_ORDER, keyStarts, nameMatch, shapeFilters, type SearchShape } from './name-match';

/** What a hit reads: the matching name and its case. */
const hitColumns = { name: { id: nameHistory.id, originName: nameHistory.originName, fromTime: nameHistory.fromTime, toTime: nameHistory.toTime }, player: players };

/**
 * The statements of one shape (game, time filters, lookup, and `broad` or not): the names that start
 * with the key (a range of `name_history_key_order_idx`, read only as far as the page), their number
 * (needed only past them), the names holding the key further in, and the total of all hits up to
 * one past the limit (through the name indexes).
 */
const statements = preparedByKey((db, shape: SearchShape) => {
  const [game, from, to, lookup, reach] = shape.split('|') as [string, string, string, string, string];
  const name = shape.replace(/\|/g, '_');
  const filters = shapeFilters(game as SearchQuery['game'], from, to);
  const joined = () => db.select(hitColumns).from(nameHistory).innerJoin(players, eq(players.id, nameHistory.playerId));
  const counted = () => db.select({ n: sql<number>`count(*)::int`.mapWith(Number) });
  // A broad pattern fills a page after a few hundred names read newest first (primary key, backward);
  // a selective one has its few matches found by the name indexes and sorted.
  const inside = reach === 'broad' ? [sql`${nameHistory.nameKey} LIKE ${sql.placeholder('whole')} ESCAPE '\\'`] : nameMatch(lookup);
  /**
   * Up to one past the limit: a total above it is shown as the limit. The limit is written into the
   * statement (a parameter would leave the generic plan to count every hit), and `order` makes the
   * plan read an index only as far as that.
   */
  const capped = (where: SQL | undefined, ...order: SQL[]) => {
    const hits = db.select({ one: sql`1` }).from(nameHistory).innerJoin(players, eq(players.id, nameHistory.playerId)).where(where).orderBy(...order);
    return counted().from(sql`(${hits} limit ${sql.raw(String(LIMITS.searchTotalMax + 1))}) as hits`);
  };
  return {
    starts: joined()
      .where(and(keyStarts, ...filters))
      .orderBy(asc(KEY_IN_BYTE_ORDER), newestFirst(nameHistory.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('skip'))
      .prepare(`search_best_starts_${name}`),
    startsHits: capped(and(keyStarts, ...filters), asc(KEY_IN_BYTE_ORDER)).prepare(`search_best_starts_hits_${name}`),
    startsCount: counted()
      .from(nameHistory)
      .innerJoin(players, eq(players.id, nameHistory.playerId))
      .where(and(keyStarts, ...filters))
      .prepare(`search_best_starts_count_${name}`),
    inside: joined()
      .where(and(...inside, not(keyStarts), ...filters))
      .orderBy(desc(nameHistory.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('skip'))
      .prepare(`search_best_inside_${name}`),
    total: capped(and(...nameMatch(lookup), ...filters)).prepare(`search_best_total_${name}`),
  };
});

/**
 * One page of a name search by best match, and the total of hits up to `LIMITS.searchTotalMax`.
 * Best match: first the names whose key starts with the searched key, in key order (the key
 * itself first, and each name before its longer namesakes: `sniper` < `sniper_1` < `sniper_12`),
 * the newest first among equal keys; then the names holding it further in, the newest first. Both
 * orders are an index's, so even a name part a tenth of the site holds reads one page of names.
 * `params` holds the lookup's values (`startsFrom`, `startsBefore`, `whole`, `grams` or `word`, times).
 */
export async function bestMatches(db: DbOrTx, shape: SearchShape, params: Record<string, unknown>, skip: number, limit: number) {
  const s = statements(db, shape);
  const max = LIMITS.searchTotalMax;
  // Most hits of a broad pattern start with it: a range counts them, and the name indexes only
  // when that range holds no more than the limit.
  const [first, [starting]] = await Promise.all([s.starts.execute({ ...params, limit, skip }), s.startsHits.execute(params)]);
  const startHits = starting?.n ?? 0;
  const hits = startHits > max ? startHits : ((await s.total.execute(params))[0]?.n ?? 0);
  const total = Math.min(hits, max);
  if (first.length === limit) return { rows: first, total };
  const startCount = first.length || skip === 0 ? skip + first.length : startHits <= max ? startHits : ((await s.startsCount.execute(params))[0]?.n ?? 0);
  // Every hit starts with the key (the count is exact below the limit): none further in.
  if (hits <= max && startCount >= hits) return { rows: first, total };
  const rest = await s.inside.execute({ ...params, limit: limit - first.length, skip: Math.max(0, skip - startCount) });
  return { rows: [...first, ...rest], total };
}
