import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import { nameKey } from '@shared/names';
import { sortFor, type SearchQuery, type SearchSort } from '@shared/schemas/search';
import { NAME_WORD_SQL, nameHistory, players } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { preparedByKey } from '@server/db/prepared';
import { newestFirst } from '@server/db/order';
import { caseFilters } from '@server/modules/cases/list';
import { containsPattern } from './like';

/** A key as the name indexes read it: one word, `_` written `0` (keys hold no digits). */
export const asWord = (key: string) => key.replace(/_/g, '0');

/** Every distinct 4 characters of a word, in order: what `name_quadgrams` (SQL) indexes. */
export function quadgrams(word: string): string[] {
  const chars = [...word];
  const out = new Set<string>();
  for (let i = 0; i + 4 <= chars.length; i++) out.add(chars.slice(i, i + 4).join(''));
  return [...out];
}

/** 4-grams this common (share of names) are looked up only when no rarer one is left. */
const COMMON = 0.02;
/** At most this many 4-grams per lookup: a few rare ones already leave few candidates. */
const LOOKUP_MAX = 4;
/** Beyond the two rarest, only 4-grams rarer than this are added. */
const RARE = 0.005;
/** A pattern in at least this share of the names is broad: its hits are read in the sort's order, not all found first. */
const BROAD = 0.02;
/** A pattern of 4 or more this common or less has its best matches sorted from all its matches (found by 4-grams); commoner ones read names by length. */
const SORT_MATCHES_MAX = 0.05;
/** How long a server keeps the 4-gram frequencies between readings. */
const FREQUENCIES_TTL_MS = 10 * 60 * 1000;

/**
 * The most common 4-grams of the names and their shares, as ANALYZE last sampled them (the
 * statistics of index `name_history_quadgram_idx`); empty when there are none yet.
 */
async function readFrequencies(db: DbOrTx): Promise<Map<string, number>> {
  const res = (await db.execute(
    sql`select most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs from pg_stats where tablename = 'name_history_quadgram_idx' and schemaname = current_schema() limit 1`,
  )) as unknown as { rows: Array<{ elems: string[] | null; freqs: number[] | null }> };
  const row = res.rows[0];
  const out = new Map<string, number>();
  if (!row?.elems || !row.freqs) return out;
  row.elems.forEach((t, i) => out.set(t, Number(row.freqs![i])));
  return out;
}

const frequencyCache = new WeakMap<object, { at: number; value: Promise<Map<string, number>> }>();
function quadgramFrequencies(db: DbOrTx): Promise<Map<string, number>> {
  const hit = frequencyCache.get(db);
  if (hit && Date.now() - hit.at < FREQUENCIES_TTL_MS) return hit.value;
  const value = readFrequencies(db).catch(() => new Map<string, number>());
  frequencyCache.set(db, { at: Date.now(), value });
  return value;
}

/**
 * The 4-grams of `word` to look up in `name_history_quadgram_idx`. A name holding the word holds all
 * of its 4-grams, so any of them finds it, and the whole pattern is then checked on the names found;
 * the fewer and rarer the 4-grams, the less the index reads (a common one, in a name of fifty or
 * more, means a long list). So: the two rarest (those absent from the statistics count as rarest,
 * spread over the word), then up to `LOOKUP_MAX` in all of those still rare (under 0.5%); the
 * commonest ones never, unless nothing rarer is left.
 */
export function lookupGrams(word: string, frequencies: ReadonlyMap<string, number>): string[] {
  const grams = quadgrams(word);
  const share = (g: string) => frequencies.get(g) ?? 0;
  const ranked = grams.map((g, i) => ({ g, i, s: share(g) }));
  const unknown = ranked.filter((r) => r.s === 0);
  // Unknown shares are all "rarest": take them spread from the word's start to its end.
  const spread =
    unknown.length > LOOKUP_MAX ? Array.from({ length: LOOKUP_MAX }, (_, k) => unknown[Math.round((k * (unknown.length - 1)) / (LOOKUP_MAX - 1))]!) : unknown;
  const order = [...spread, ...ranked.filter((r) => r.s > 0).sort((a, b) => a.s - b.s)];
  const uncommon = order.filter((r) => r.s < COMMON);
  if (!uncommon.length) return order.slice(0, 1).map((r) => r.g);
  const chosen = uncommon.filter((r, k) => k < 2 || (k < LOOKUP_MAX && r.s < RARE));
  return chosen.sort((a, b) => a.i - b.i).map((r) => r.g);
}

/**
 * The share of names that hold `word`, as far as the 4-gram statistics tell (0 when they do not):
 * at most that of its rarest 4-gram; for 3 characters, half the summed shares of the common 4-grams
 * holding it (an occurrence inside a name sits in up to two of them).
 */
export function shareOf(word: string, frequencies: ReadonlyMap<string, number>): number {
  const chars = [...word];
  if (chars.length >= 4) return Math.min(...quadgrams(word).map((g) => frequencies.get(g) ?? 0));
  let sum = 0;
  for (const [gram, share] of frequencies) if (gram.includes(word)) sum += share;
  return Math.min(1, sum / 2);
}

/**
 * Cases by any name they were ever seen with (reference §7): the folded key of `param` as a
 * substring of each name's key, one row per matching name. Keys of 4 characters or more are looked
 * up by a few of their 4-grams (`name_history_quadgram_idx`), shorter ones by their trigrams
 * (`name_history_word_trgm`). Sorted before paging; the total is exact up to `LIMITS.searchTotalMax`.
 * A selective pattern is one statement: the matches (with their names) are found once, counted, and
 * only the page's cases are read in full. A broad one (`BROAD`: "oid", "sniper") would make that
 * hundreds of thousands of rows, so its page is read in the sort's own order (shortest names, or a
 * case index) until it is full, and its hits counted only up to the limit.
 */
export async function searchPlayers(db: DbOrTx, q: SearchQuery, frequencies?: ReadonlyMap<string, number>) {
  const key = nameKey(q.param);
  const word = asWord(key);
  const shares = frequencies ?? (await quadgramFrequencies(db));
  const grams = [...word].length >= 4 ? lookupGrams(word, shares) : [];
  const shape: SearchShape = [sortFor('player', q.sort), q.game, q.createTimeFrom === undefined ? '0' : '1', q.createTimeTo === undefined ? '0' : '1', grams.length ? 'grams' : 'word'].join('|');
  const times: Record<string, unknown> = {
    ...(q.createTimeFrom !== undefined ? { createTimeFrom: new Date(q.createTimeFrom).toISOString() } : {}),
    ...(q.createTimeTo !== undefined ? { createTimeTo: new Date(q.createTimeTo).toISOString() } : {}),
  };
  const whole = containsPattern(key);
  const match = grams.length ? { grams, whole } : { word: containsPattern(word) };
  const share = shareOf(word, shares);
  if (share >= BROAD) {
    const query = broadQuery(db, share < SORT_MATCHES_MAX ? shape : `${shape}|length`);
    const [rows, [count]] = await Promise.all([query.page.execute({ ...times, ...match, whole, limit: q.limit, skip: q.skip }), query.count.execute({ ...times, ...match })]);
    return { rows, total: Math.min(count?.n ?? 0, LIMITS.searchTotalMax) };
  }
  const query = searchQuery(db, shape);
  const params = { ...times, ...match, key };
  const rows = await query.page.execute({ ...params, limit: q.limit, skip: q.skip });
  if (rows.length) return { rows: rows.map((r) => ({ name: r.name, player: r.player })), total: Math.min(rows[0]!.total, LIMITS.searchTotalMax) };
  // Past the last page: the count alone.
  const [count] = await query.count.execute(params);
  return { rows: [], total: Math.min(count?.n ?? 0, LIMITS.searchTotalMax) };
}

/** Sort, game, which time filters, and which index finds the names (`grams` or `word`). */
type SearchShape = string;

/** The names holding the pattern, found by some of its 4-grams (`grams`, checked with `whole`) or its trigrams (`word`). */
const nameMatch = (lookup: string): SQL[] =>
  lookup === 'grams'
    ? [sql`name_quadgrams(${NAME_WORD_SQL}) @> ${sql.placeholder('grams')}::text[]`, sql`${nameHistory.nameKey} LIKE ${sql.placeholder('whole')} ESCAPE '\\'`]
    : [sql`${NAME_WORD_SQL} LIKE ${sql.placeholder('word')} ESCAPE '\\'`];

const shapeFilters = (game: SearchQuery['game'], from: string, to: string) =>
  caseFilters({ game, status: -1, createTimeFrom: from === '1' ? 0 : undefined, createTimeTo: to === '1' ? 0 : undefined }, true);

/**
 * The statements of a broad search of one shape. The names are checked with the whole pattern as
 * they come, in the order the sort reads them: the names by key length for the best match (a name
 * as long as the pattern that holds it is the pattern itself, so the exact name comes first as in
 * `searchQuery`), else down the case index of the sort; common patterns fill a page after a few
 * hundred names. A best-match search of 4 or more characters under `SORT_MATCHES_MAX` sorts its
 * matches instead (see `byGrams`); a shape ending in `|length` reads by length whatever the pattern.
 * The count finds the hits through the name indexes, as a selective search does, and stops one
 * past the limit.
 */
const broadQuery = preparedByKey((db, shape: SearchShape) => {
  const [sort, game, from, to, lookup, byLength] = shape.split('|') as [SearchSort<'player'>, SearchQuery['game'], string, string, string, string?];
  const name = shape.replace(/\|/g, '_');
  const filters = shapeFilters(game, from, to);
  // Best match of a pattern of 4 or more: its matches are found by their 4-grams and only they are
  // sorted (`+ 0` keeps the planner off the length index): reading names by length would pass every
  // shorter name first, most of the site when the matches are long ones ("oldrusher", 2% of the names,
  // all of 20 characters or more: a million names read, against 25,000 matches sorted).
  const byGrams = sort === 'default' && lookup === 'grams' && byLength === undefined;
  const where = byGrams ? and(...nameMatch(lookup), ...filters) : and(sql`${nameHistory.nameKey} LIKE ${sql.placeholder('whole')} ESCAPE '\\'`, ...filters);
  const orders: Record<SearchSort<'player'>, SQL[]> = {
    default: [asc(byGrams ? sql`length(${nameHistory.nameKey}) + 0` : sql`length(${nameHistory.nameKey})`), newestFirst(nameHistory.id)],
    latest: [newestFirst(players.createTime), newestFirst(nameHistory.id)],
    mostViewed: [newestFirst(players.viewNum), newestFirst(nameHistory.id)],
    mostComments: [newestFirst(players.commentsNum), newestFirst(nameHistory.id)],
  };
  const hits = db
    .select({ one: sql`1` })
    .from(nameHistory)
    .innerJoin(players, eq(players.id, nameHistory.playerId))
    .where(and(...nameMatch(lookup), ...filters))
    .limit(LIMITS.searchTotalMax + 1)
    .as('hits');
  return {
    page: db
      .select({ name: { id: nameHistory.id, originName: nameHistory.originName, fromTime: nameHistory.fromTime, toTime: nameHistory.toTime }, player: players })
      .from(nameHistory)
      .innerJoin(players, eq(players.id, nameHistory.playerId))
      .where(where)
      .orderBy(...orders[sort])
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('skip'))
      .prepare(`search_players_broad_${name}`),
    count: db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(hits).prepare(`search_players_broad_count_${name}`),
  };
});

/**
 * The search statement of one shape, built once and prepared: whatever the patterns, the plan
 * starts from the trigram index and reads each match's case by key, so PostgreSQL's generic plan
 * serves every run (planning this statement costs about as much as running a selective search).
 */
const searchQuery = preparedByKey((db, shape: SearchShape) => {
  const [sort, game, from, to, lookup] = shape.split('|') as [SearchSort<'player'>, SearchQuery['game'], string, string, string];
  const name = shape.replace(/\|/g, '_');
  const where = and(...nameMatch(lookup), ...shapeFilters(game, from, to));
  const matches = db.$with('matches').as(
    db
      .select({
        nameId: sql<number>`${nameHistory.id}`.as('name_id'),
        playerId: sql<number>`${nameHistory.playerId}`.as('n_player_id'),
        originName: sql<string>`${nameHistory.originName}`.as('n_origin_name'),
        fromTime: sql<Date>`${nameHistory.fromTime}`.mapWith(nameHistory.fromTime).as('n_from_time'),
        toTime: sql<Date>`${nameHistory.toTime}`.mapWith(nameHistory.toTime).as('n_to_time'),
        exact: sql<boolean>`${nameHistory.nameKey} = ${sql.placeholder('key')}`.as('exact'),
        len: sql<number>`length(${nameHistory.nameKey})`.as('len'),
        createTime: sql<Date>`${players.createTime}`.as('p_create_time'),
        viewNum: sql<number>`${players.viewNum}`.as('p_view_num'),
        commentsNum: sql<number>`${players.commentsNum}`.as('p_comments_num'),
      })
      .from(nameHistory)
      .innerJoin(players, eq(players.id, nameHistory.playerId))
      .where(where),
  );
  type Sortable = { exact: SQL.Aliased<boolean>; len: SQL.Aliased<number>; createTime: SQL.Aliased<Date>; viewNum: SQL.Aliased<number>; commentsNum: SQL.Aliased<number>; nameId: SQL.Aliased<number> };
  const orders = (m: Sortable): Record<SearchSort<'player'>, SQL[]> => ({
    // Best match: the exact key, then shorter names, then the names recorded last.
    default: [desc(m.exact), asc(m.len), desc(m.nameId)],
    latest: [desc(m.createTime), desc(m.nameId)],
    mostViewed: [desc(m.viewNum), desc(m.nameId)],
    mostComments: [desc(m.commentsNum), desc(m.nameId)],
  });
  const page = db
    .select()
    .from(matches)
    .orderBy(...orders(matches)[sort])
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('skip'))
    .as('page');
  const total = sql<number>`(select count(*)::int from ${matches})`.mapWith(Number);
  return {
    page: db
      .with(matches)
      .select({ name: { id: page.nameId, originName: page.originName, fromTime: page.fromTime, toTime: page.toTime }, player: players, total })
      .from(page)
      .innerJoin(players, eq(players.id, page.playerId))
      .orderBy(...orders(page)[sort])
      .prepare(`search_players_${name}`),
    count: db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(nameHistory).innerJoin(players, eq(players.id, nameHistory.playerId)).where(where).prepare(`search_players_count_${name}`),
  };
});
