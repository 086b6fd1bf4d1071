import { and, asc, desc, eq, not, sql, type SQL } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import type { SearchQuery } from '@shared/schemas/search';
import { nameHistory, players } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { preparedByKey } from '@server/db/prepared';
import { newestFirst } from '@server/db/order';
import { coalescedByKey, SHARED_SEARCHES } from '@server/db/coalesce';
import { askColumn } from '@server/db/ask-column';
import { withGenericPlans } from '@server/db/generic-plans';
import { shownTotal, totalOfPage } from './capped-count';
import { ASK_COLUMNS, cappedHits, filtersTimes, hitColumns, holdsWhole, KEY_IN_BYTE_ORDER, keyStarts, keyStartsOf, matchedName, nameMatch, namesOfShape, genericPlanHandle, shapeFilters, startsHits, statementName, type SearchShape } from './name-match';

/**
 * How common a pattern is, as the 4-gram statistics tell: `few` matches (a few thousand at most) are
 * all found and sorted in one statement; `some` and `broad` ones are read in the orders of indexes.
 */
export type Reach = 'few' | 'some' | 'broad';

/**
 * The statements of a common pattern of one shape (game, time filters, lookup, reach): the names that
 * start with the key (a range of `name_history_key_order_idx`, read only as far as the page), their
 * exact number (needed only past them; up to one past the limit it is `startsHits`), the names holding the key
 * further in, and the total of all hits up to one past the limit (through the name indexes). The
 * names further in of a broad pattern are read newest first down the primary key until the page is
 * full (a few hundred names); those of a less common one are found by the name indexes and sorted.
 */
const orderedStatements = preparedByKey((db, shape: SearchShape) => {
  const [game, from, to, lookup, reach] = shape.split('|') as [SearchQuery['game'], string, string, string, Reach];
  const name = shape.replace(/\|/g, '_');
  const filters = shapeFilters(game, from, to);
  const cases = { game, from, to };
  const joined = (on: DbOrTx = db) => on.select(hitColumns).from(nameHistory).innerJoin(players, eq(players.id, nameHistory.playerId));
  return {
    starts: joined(genericPlanHandle(db, cases))
      .where(and(keyStarts, ...filters))
      .orderBy(asc(KEY_IN_BYTE_ORDER), newestFirst(nameHistory.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('skip'))
      .prepare(statementName(cases, `search_ordered_starts_${name}`)),
    startsCount: namesOfShape(db, { n: sql<number>`count(*)::int`.mapWith(Number) }, cases, keyStarts).prepare(statementName(cases, `search_ordered_starts_count_${name}`)),
    inside: joined()
      .where(and(...(reach === 'broad' ? [holdsWhole] : nameMatch(lookup)), not(keyStarts), ...filters))
      .orderBy(desc(nameHistory.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('skip'))
      .prepare(statementName(cases, `search_ordered_inside_${name}`)),
    total: cappedHits(db, cases, and(...nameMatch(lookup))).prepare(statementName(cases, `search_ordered_total_${name}`)),
  };
});

/**
 * The statements of a pattern with few matches, of one shape: all its matches are found by the name indexes
 * (a few thousand at most), counted, and sorted in the best-match order; only the page's cases are
 * read in full (the page of a shape filtered by report time; the others go in `fewPagesStatement`). And
 * the count alone, for a page past the last.
 */
const fewStatements = preparedByKey((main, shape: SearchShape) => {
  const [game, from, to, lookup] = shape.split('|') as [SearchQuery['game'], string, string, string];
  const name = shape.replace(/\|/g, '_');
  const cases = { game, from, to };
  const db = genericPlanHandle(main, cases);
  const where = and(...nameMatch(lookup));
  const matches = db.$with('matches').as(
    namesOfShape(
      db,
      {
        ...matchedName(),
        // The key, for the names that start with it (null for the others: they tie, newest first).
        startKey: sql<string | null>`case when ${keyStarts} then ${KEY_IN_BYTE_ORDER} end`.as('start_key'),
      },
      cases,
      where,
    ),
  );
  const order = (m: { startKey: SQL.Aliased<string | null>; nameId: SQL.Aliased<number> }) => [sql`${m.startKey} asc nulls last`, desc(m.nameId)];
  const page = db.select().from(matches).orderBy(...order(matches)).limit(sql.placeholder('limit')).offset(sql.placeholder('skip')).as('page');
  return {
    page: db
      .with(matches)
      .select({ name: { id: page.nameId, originName: page.originName, fromTime: page.fromTime, toTime: page.toTime }, player: players, total: sql<number>`(select count(*)::int from ${matches})`.mapWith(Number) })
      .from(page)
      .innerJoin(players, eq(players.id, page.playerId))
      .orderBy(...order(page))
      .prepare(statementName(cases, `search_few_${name}`)),
    count: namesOfShape(db, { n: sql<number>`count(*)::int`.mapWith(Number) }, cases, where).prepare(statementName(cases, `search_few_count_${name}`)),
  };
});

/**
 * The pages of patterns with few matches of one shape without report times, asked together: one
 * statement (`fewPagesReader`), each search's values a row of `asks`, its matches found by the name
 * indexes, counted (`count(*) over ()`, before the page's limit) and sorted laterally, rows tagged
 * with the search's `slot`. On the generic-plan handle, as `fewStatements`' page: whatever the
 * values, the plan starts from the name indexes. (Filtered by report time, a search stays a
 * statement of its own, planned with its values.)
 */
const fewPagesStatement = preparedByKey((main, shape: SearchShape) => {
  const [game, from, to, lookup] = shape.split('|') as [SearchQuery['game'], string, string, string];
  const db = withGenericPlans(main);
  const startKey = sql<string | null>`case when ${keyStartsOf(ASK_COLUMNS)} then ${KEY_IN_BYTE_ORDER} end`;
  const page = namesOfShape(
    db,
    { ...matchedName(), startKey: startKey.as('start_key'), total: sql<number>`(count(*) over ())::int`.as('n_total') },
    { game, from, to },
    and(...nameMatch(lookup, ASK_COLUMNS)),
  )
    .orderBy(sql`${startKey} asc nulls last`, desc(nameHistory.id))
    .limit(askColumn('lim'))
    .offset(askColumn('off'))
    .as('page');
  return db
    .select({ slot: sql<number>`asks.slot`.mapWith(Number), name: { id: page.nameId, originName: page.originName, fromTime: page.fromTime, toTime: page.toTime }, player: players, total: sql<number>`${page.total}`.mapWith(Number) })
    .from(sql`jsonb_to_recordset(${sql.placeholder('asks')}::jsonb) as asks(slot int, grams text[], word text, whole text, starts_from text, starts_before text, lim int, off bigint)`)
    .innerJoinLateral(page, sql`true`)
    .innerJoin(players, eq(players.id, page.playerId))
    .orderBy(sql`asks.slot`, sql`${page.startKey} asc nulls last`, desc(page.nameId))
    .prepare(`search_few_pages_${shape.replace(/\|/g, '_')}`);
});

interface FewAsk {
  params: Record<string, unknown>;
  limit: number;
  skip: number;
}

type FewRow = Awaited<ReturnType<ReturnType<typeof fewPagesStatement>['execute']>>[number];

const fewPagesReader = coalescedByKey(async (db: DbOrTx, shape: SearchShape, asks: FewAsk[]) => {
  const rows = await fewPagesStatement(db, shape).execute({
    asks: JSON.stringify(
      asks.map((a, i) => ({ slot: i + 1, grams: a.params.grams, word: a.params.word, whole: a.params.whole, starts_from: a.params.startsFrom, starts_before: a.params.startsBefore, lim: a.limit, off: a.skip })),
    ),
  });
  const bySlot: Array<Omit<FewRow, 'slot'>[]> = asks.map(() => []);
  for (const { slot, ...row } of rows) bySlot[slot - 1]!.push(row);
  return bySlot;
}, SHARED_SEARCHES);

/** The page of a pattern with few matches, each row with the total of its matches (none: an empty page). */
function fewPage(db: DbOrTx, shape: SearchShape, params: Record<string, unknown>, skip: number, limit: number) {
  const [, from, to] = shape.split('|') as [string, string, string];
  if (filtersTimes({ from, to })) return fewStatements(db, shape).page.execute({ ...params, limit, skip });
  return fewPagesReader(db, shape)({ params, limit, skip });
}

/**
 * One page of a name search by best match, and the total of hits up to `LIMITS.searchTotalMax`.
 * Best match: first the names whose key starts with the searched key, in key order (the key
 * itself first, and each name before its longer namesakes: `sniper` < `sniper_1` < `sniper_12`),
 * the newest first among equal keys; then the names holding it further in, the newest first.
 * A pattern with few matches sorts them in one statement. For a commoner one both orders are an
 * index's, so even a name part a tenth of the site holds reads one page of names.
 * `shape`: game, time filters, lookup (`grams` or `word`); `params` the lookup's values
 * (`startsFrom`, `startsBefore`, `whole`, `grams` or `word`, times).
 */
export async function bestMatches(db: DbOrTx, shape: SearchShape, reach: Reach, params: Record<string, unknown>, skip: number, limit: number) {
  const max = LIMITS.searchTotalMax;
  if (reach === 'few') {
    const rows = await fewPage(db, shape, params, skip, limit);
    return { rows: rows.map((r) => ({ name: r.name, player: r.player })), total: await totalOfPage(rows, skip, () => fewStatements(db, shape).count.execute(params)) };
  }
  const s = orderedStatements(db, `${shape}|${reach}`);
  // Most hits of a common pattern start with it: a range counts them, and the name indexes only
  // when that range holds no more than the limit.
  const [first, [starting]] = await Promise.all([s.starts.execute({ ...params, limit, skip }), startsHits(db, shape.split('|').slice(0, 3).join('|')).execute(params)]);
  const startHits = starting?.n ?? 0;
  const hits = startHits > max ? startHits : ((await s.total.execute(params))[0]?.n ?? 0);
  const total = shownTotal(hits);
  if (first.length === limit) return { rows: first, total };
  const startCount = first.length || skip === 0 ? skip + first.length : startHits <= max ? startHits : ((await s.startsCount.execute(params))[0]?.n ?? 0);
  // Every hit starts with the key (the count is exact below the limit): none further in.
  if (hits <= max && startCount >= hits) return { rows: first, total };
  const rest = await s.inside.execute({ ...params, limit: limit - first.length, skip: Math.max(0, skip - startCount) });
  return { rows: [...first, ...rest], total };
}
