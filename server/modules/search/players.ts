import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import { nameKey } from '@shared/names';
import { sortFor, type SearchQuery, type SearchSort } from '@shared/schemas/search';
import { caseViewOrder, nameHistory, players } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { preparedByKey } from '@server/db/prepared';
import { newestFirst } from '@server/db/order';
import { countUpToLimit, shownTotal, totalOfPage } from './capped-count';
import { containsPattern } from './like';
import { asWord, BROAD, FEW, lookupGrams, quadgramFrequencies, shareOf } from './name-grams';
import { caseRowFilters, filteredHitsDense, filtersTimes, hitColumns, holdsWhole, matchedName, nameMatch, nameRowFilters, namesOfShape, genericPlanHandle, shapeFilters, startsBefore, startsHits, statementName, type SearchShape } from './name-match';
import { bestMatches } from './best-match';

/**
 * Cases by any name they were ever seen with (as the original searched): the folded key of `param` as a
 * substring of each name's key, one row per matching name. Keys of 4 characters or more are looked
 * up by a few of their 4-grams (`name_history_quadgram_idx`), shorter ones by their trigrams
 * (`name_history_word_trgm`). Sorted before paging; the total is exact up to `LIMITS.searchTotalMax`.
 * Best match (the default) reads its orders from indexes (`bestMatches`). The other sorts order by a
 * case's column, ties going to the newest case, then to its newest name. For them a
 * selective pattern is one statement: the matches are found once, counted, and only the page's
 * cases are read in full. A broad one (`BROAD`: "oid", "sniper") would make that hundreds of
 * thousands of rows, so its page is read down the sort's case index until it is full, and its hits
 * counted only up to the limit. With a filter (game, report time), a common pattern is read in an
 * order only if the filter keeps enough of its names (`filteredHitsDense`); otherwise as a selective one.
 */
export async function searchPlayers(db: DbOrTx, q: SearchQuery, frequencies?: ReadonlyMap<string, number>) {
  const key = nameKey(q.param);
  const word = asWord(key);
  const shares = frequencies ?? (await quadgramFrequencies(db));
  const grams = [...word].length >= 4 ? lookupGrams(word, shares) : [];
  const sort = sortFor('player', q.sort);
  const share = shareOf(word, shares);
  const broad = share >= BROAD;
  const filterShape = [q.game, q.createTimeFrom === undefined ? '0' : '1', q.createTimeTo === undefined ? '0' : '1', grams.length ? 'grams' : 'word'];
  const times: Record<string, unknown> = {
    ...(q.createTimeFrom !== undefined ? { createTimeFrom: new Date(q.createTimeFrom).toISOString() } : {}),
    ...(q.createTimeTo !== undefined ? { createTimeTo: new Date(q.createTimeTo).toISOString() } : {}),
  };
  const whole = containsPattern(key);
  const match = grams.length ? { grams, whole } : { word: containsPattern(word) };
  const starts = { startsFrom: key, startsBefore: startsBefore(key) };
  // A common pattern is read down an order, unless the filters leave few of its names: then walking
  // the order would read most of them to fill a page, and its hits are found and sorted instead.
  const filtered = q.game !== 'all' || q.createTimeFrom !== undefined || q.createTimeTo !== undefined;
  const readInOrder = async (common: boolean) => common && (!filtered || (await filteredHitsDense(db, filterShape.join('|'), { ...times, ...match, ...starts })));
  if (sort === 'default') {
    const params = { ...times, ...match, whole, ...starts };
    const reach = !(await readInOrder(share >= FEW)) ? 'few' : broad ? 'broad' : 'some';
    return bestMatches(db, filterShape.join('|'), reach, params, q.skip, q.limit);
  }
  const shape: SearchShape = [sort, ...filterShape].join('|');
  if (await readInOrder(broad)) {
    const query = broadQuery(db, shape);
    const [rows, [starting]] = await Promise.all([
      query.page.execute({ ...times, whole, limit: q.limit, skip: q.skip }),
      startsHits(db, filterShape.slice(0, 3).join('|')).execute({ ...times, ...starts }),
    ]);
    // Past the limit with the names that start with the key alone: no need to look up the others.
    const hits = (starting?.n ?? 0) > LIMITS.searchTotalMax ? starting!.n : (await query.count.execute({ ...times, ...match }))[0]?.n;
    return { rows, total: shownTotal(hits) };
  }
  const query = searchQuery(db, shape);
  const params = { ...times, ...match };
  const rows = await query.page.execute({ ...params, limit: q.limit, skip: q.skip });
  return { rows: rows.map((r) => ({ name: r.name, player: r.player })), total: await totalOfPage(rows, q.skip, () => query.count.execute(params)) };
}

/** The sorts other than best match. */
type CaseSort = Exclude<SearchSort<'player'>, 'default'>;

/** The case column each sort orders by. */
const SORT_COLUMN = { latest: players.createTime, mostViewed: players.viewNum, mostComments: players.commentsNum } satisfies Record<CaseSort, unknown>;

/**
 * The statements of a broad search of one shape: the names are checked with the whole pattern as
 * they come down the case index of the sort; common patterns fill a page after a few hundred names.
 * The count takes the names that start with the pattern (one range of an index) and, only when
 * they are not past the limit, finds the hits through the name indexes, as a selective search does,
 * stopping one past the limit.
 */
const broadQuery = preparedByKey((db, shape: SearchShape) => {
  const [sort, game, from, to, lookup] = shape.split('|') as [CaseSort, SearchQuery['game'], string, string, string];
  const name = shape.replace(/\|/g, '_');
  const cases = { game, from, to };
  const filters = shapeFilters(game, from, to);
  // The case's id before the name's: the page is read down the sort's case index, whose next key is
  // the id, so ties in the sort's column (most cases have the same few comments) cost no sort of them all.
  // By views, down `case_view_order`'s index (schema/cases.ts): no index of the cases holds their views.
  const byViews = sort === 'mostViewed';
  const order = byViews
    ? [newestFirst(caseViewOrder.viewNum), newestFirst(caseViewOrder.caseId), newestFirst(nameHistory.id)]
    : [newestFirst(SORT_COLUMN[sort]), newestFirst(players.id), newestFirst(nameHistory.id)];
  const hits = namesOfShape(db, { one: sql`1` }, cases, and(...nameMatch(lookup)));
  const named = db.select(hitColumns).from(nameHistory).innerJoin(players, eq(players.id, nameHistory.playerId)).$dynamic();
  return {
    page: (byViews ? named.innerJoin(caseViewOrder, eq(caseViewOrder.caseId, players.id)) : named)
      .where(and(holdsWhole, ...filters))
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('skip'))
      .prepare(statementName(cases, `search_players_broad_${name}`)),
    count: countUpToLimit(db, hits).prepare(statementName(cases, `search_players_broad_count_${name}`)),
  };
});

/**
 * The search statement of one shape, built once and prepared: whatever the patterns, the plan
 * starts from the name indexes and reads each match's case by key, so it runs with a generic plan
 * (`genericPlanHandle`), except for the time-filtered shapes, whose generic plans were hundreds of
 * times slower.
 */
const searchQuery = preparedByKey((main, shape: SearchShape) => {
  const [sort, game, from, to, lookup] = shape.split('|') as [CaseSort, SearchQuery['game'], string, string, string];
  const name = shape.replace(/\|/g, '_');
  const cases = { game, from, to };
  const db = genericPlanHandle(main, cases);
  // Only the sort's own column: sorted by report time with a game and times, that game's cases are then
  // read from its index alone (`players_<game>_create_idx`, 20 ms for 200,000 cases), not from their rows (260 ms).
  const sortValue = sql<unknown>`${SORT_COLUMN[sort]}`.as('p_sort_value');
  const matches = db.$with('matches').as(
    game !== 'all' && !filtersTimes(cases)
      ? gameMatches(db, sortValue, game, lookup)
      : db
          .select({ ...matchedName(), sortValue })
          .from(nameHistory)
          .innerJoin(players, eq(players.id, nameHistory.playerId))
          .where(and(...nameMatch(lookup), ...shapeFilters(game, from, to))),
  );
  // Ties broken as a broad search's are (`broadQuery`): the newest case, then its newest name.
  const order = (m: { sortValue: SQL.Aliased<unknown>; playerId: SQL.Aliased<number>; nameId: SQL.Aliased<number> }) => [desc(m.sortValue), desc(m.playerId), desc(m.nameId)];
  const page = db
    .select()
    .from(matches)
    .orderBy(...order(matches))
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
      .orderBy(...order(page))
      .prepare(statementName(cases, `search_players_${name}`)),
    count: namesOfShape(db, { n: sql<number>`count(*)::int`.mapWith(Number) }, cases, and(...nameMatch(lookup))).prepare(statementName(cases, `search_players_count_${name}`)),
  };
});

/**
 * The matches of a search in one game with their case's sort value, each case read by its key (a
 * lateral read of one row): the name indexes hold the game, so the names found are the game's, and
 * PostgreSQL, which cannot tell how few of a common part's names a game holds (it guesses tens of
 * thousands where there are hundreds), would otherwise hash every case of the game ('oid' in bfv
 * by most viewed on a million cases: 104 ms against 31). A time filter is the case's alone, so
 * those searches join the cases and let PostgreSQL choose.
 */
function gameMatches(db: DbOrTx, sortValue: SQL.Aliased<unknown>, game: SearchQuery['game'], lookup: string) {
  const theCase = db
    .select({ sortValue })
    .from(players)
    .where(and(eq(players.id, nameHistory.playerId), ...caseRowFilters(game, '0', '0')))
    .limit(1)
    .as('the_case');
  return db
    .select({ ...matchedName(), sortValue: theCase.sortValue })
    .from(nameHistory)
    .innerJoinLateral(theCase, sql`true`)
    .where(and(...nameMatch(lookup), ...nameRowFilters(game)));
}
