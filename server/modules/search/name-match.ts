import { and, asc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SearchQuery } from '@shared/schemas/search';
import { GAMES, type Game } from '@shared/games';
import { NAME_WORD_SQL, nameHistory, players } from '@server/db/schema';
import { caseFilters } from '@server/modules/cases/list';
import type { DbOrTx } from '@server/db/client';
import { preparedByKey, UNNAMED } from '@server/db/prepared';
import { withGenericPlans } from '@server/db/generic-plans';
import { countUpToLimit } from './capped-count';

/** Sort, game, which time filters, and which index finds the names (`grams` or `word`), joined by `|`. */
export type SearchShape = string;

/** Whether a shape filters by the case's report time (which only the case row holds). */
export const filtersTimes = (cases: { from: string; to: string }) => cases.from === '1' || cases.to === '1';

/**
 * The name a search statement of a shape is prepared under: none (`UNNAMED`: planned with its
 * values at each run) when it filters by report time, whose best plan depends on the times. After
 * five runs PostgreSQL took a generic plan for those that read the game's every case (`rushe` in
 * bf1 from 20 hours ago, on a million cases: 12 ms planned with its values, 700 ms generic).
 */
export const statementName = (cases: { from: string; to: string }, name: string) => (filtersTimes(cases) ? UNNAMED : name);

/**
 * Where a search statement runs whose plan is the same whatever the pattern: the named ones (no
 * report time) keep a generic plan (`withGenericPlans`), since PostgreSQL otherwise plans each run
 * with its values. They are the selective searches (found through the name indexes and sorted:
 * planning took twenty times as long as running) and the reads of the names that start with the
 * key (one range of the key-order index). Their generic plans were the plans made with the values,
 * node for node, for the bench's patterns on 100,000 and on 1,000,000 cases. The reads of the names
 * holding the key further in, the totals through the name indexes and the broad case sorts were
 * not: their generic plans were up to 20 times slower on a million cases, so they stay as they are.
 */
export const genericPlanHandle = (db: DbOrTx, cases: { from: string; to: string }): DbOrTx => (filtersTimes(cases) ? db : withGenericPlans(db));

/**
 * Where a statement takes a search's values from: its placeholders (one search a statement), or the
 * columns of its row of asks (`ASK_COLUMNS`: many searches of one shape in one statement).
 */
export interface SearchValues {
  whole: SQL;
  grams: SQL;
  word: SQL;
  startsFrom: SQL;
  startsBefore: SQL;
}

const PLACEHOLDERS: SearchValues = {
  whole: sql`${sql.placeholder('whole')}`,
  grams: sql`${sql.placeholder('grams')}`,
  word: sql`${sql.placeholder('word')}`,
  startsFrom: sql`${sql.placeholder('startsFrom')}`,
  startsBefore: sql`${sql.placeholder('startsBefore')}`,
};

/** The values of each search of a batch, as columns of its row of `asks` (`jsonb_to_recordset`). */
export const ASK_COLUMNS: SearchValues = {
  whole: sql.raw('asks.whole'),
  grams: sql.raw('asks.grams'),
  word: sql.raw('asks.word'),
  startsFrom: sql.raw('asks.starts_from'),
  startsBefore: sql.raw('asks.starts_before'),
};

/** The names whose key holds the whole pattern (`whole`): checked on each name read, however it was found. */
const holdsWholeOf = (v: SearchValues) => sql`${nameHistory.nameKey} LIKE ${v.whole} ESCAPE '\\'`;
export const holdsWhole = holdsWholeOf(PLACEHOLDERS);

/** A hit: the matching name and its case. */
export const hitColumns = { name: { id: nameHistory.id, originName: nameHistory.originName, fromTime: nameHistory.fromTime, toTime: nameHistory.toTime }, player: players };

/** The names holding the pattern, found by some of its 4-grams (`grams`, checked with `whole`) or its trigrams (`word`). */
export const nameMatch = (lookup: string, v: SearchValues = PLACEHOLDERS): SQL[] =>
  lookup === 'grams' ? [sql`name_quadgrams(${NAME_WORD_SQL}) @> ${v.grams}::text[]`, holdsWholeOf(v)] : [sql`${NAME_WORD_SQL} LIKE ${v.word} ESCAPE '\\'`];

/** The key in byte order, as `name_history_key_order_idx` holds it. */
export const KEY_IN_BYTE_ORDER = sql`(${nameHistory.nameKey} collate "C")`;

/** The names whose key starts with the searched one: one range of `name_history_key_order_idx` (`startsFrom`, `startsBefore`). */
export const keyStartsOf = (v: SearchValues) => sql`(${KEY_IN_BYTE_ORDER} >= ${v.startsFrom} and ${KEY_IN_BYTE_ORDER} < ${v.startsBefore})`;
export const keyStarts = keyStartsOf(PLACEHOLDERS);

/**
 * The first text after every text that starts with `key`, in byte order (code point order, as
 * UTF-8 sorts): `key` with its last character raised by one (past the surrogates), a last character
 * that cannot be raised dropped first. A key of only U+10FFFF gets itself: an empty range (stored
 * keys hold only what names may: letters, digits, `_` and `-`).
 */
export function startsBefore(key: string): string {
  const chars = [...key];
  while (chars.length) {
    const last = chars.pop()!.codePointAt(0)!;
    if (last >= 0x10ffff) continue;
    return chars.join('') + String.fromCodePoint(last + 1 === 0xd800 ? 0xe000 : last + 1);
  }
  return key;
}

/** The columns of a matching name in a statement's list of matches (a CTE), under names of their own. */
export const matchedName = () => ({
  nameId: sql<number>`${nameHistory.id}`.as('name_id'),
  playerId: sql<number>`${nameHistory.playerId}`.as('n_player_id'),
  originName: sql<string>`${nameHistory.originName}`.as('n_origin_name'),
  fromTime: sql<Date>`${nameHistory.fromTime}`.mapWith(nameHistory.fromTime).as('n_from_time'),
  toTime: sql<Date>`${nameHistory.toTime}`.mapWith(nameHistory.toTime).as('n_to_time'),
});

/** The game a shape keeps, or null for every game. */
const gameOf = (game: SearchQuery['game']): Game | null => ((GAMES as readonly string[]).includes(game) ? (game as Game) : null);

/** A name's case games hold `game`: a constant, as the index conditions of `inGameSql`. */
const holdsGame = (games: SQL.Aliased | AnyColumn, game: Game) => sql`${games} @> ${sql.raw(`'["${game}"]'`)}::jsonb`;

/** The filters of a shape read from each name's case row (visible, of its game, within its times). */
export const caseRowFilters = (game: SearchQuery['game'], from: string, to: string) =>
  caseFilters({ game, status: -1, createTimeFrom: from === '1' ? 0 : undefined, createTimeTo: to === '1' ? 0 : undefined }, true);

/**
 * The filters of a shape for a statement that joins names to their cases: the case row's, and the
 * game on the name too, which the name indexes hold beside the grams (`name_history.case_games`),
 * so that a common name part in one game is found inside the index, not case by case.
 */
export const shapeFilters = (game: SearchQuery['game'], from: string, to: string): SQL[] => [...nameRowFilters(game), ...caseRowFilters(game, from, to)];

/** The game of a shape as each name holds it (`name_history.case_games`, or a list's copy of it): nothing for every game. */
export const nameRowFilters = (game: SearchQuery['game'], games: SQL.Aliased | AnyColumn = nameHistory.caseGames): SQL[] => {
  const inGame = gameOf(game);
  return inGame ? [holdsGame(games, inGame)] : [];
};

/**
 * A name's case is visible, told from the hidden cases' ids alone (`players_hidden_idx`; few, hashed
 * once per statement): counting a thousand names this way reads no case (0.4 ms on the bench's
 * million cases, against 2.5 ms for a join that reads each name's case).
 */
const visibleCase = (playerId: SQL.Aliased | AnyColumn) => sql`${playerId} not in (select ${players.id} from ${players} where not ${players.valid})`;

/**
 * The names matching `where` whose cases the shape lets through (visible, of its game, within its
 * times), with `fields`: a shape without times reads no case (visibility from `visibleCase`, the
 * game from the name's own `case_games`), the others join each name's case for their filters.
 */
export function namesOfShape<T extends SelectedFields>(db: DbOrTx, fields: T, shape: { game: SearchQuery['game']; from: string; to: string }, where: SQL | undefined) {
  const names = db.select(fields).from(nameHistory).$dynamic();
  if (!filtersTimes(shape)) return names.where(and(where, ...nameRowFilters(shape.game), visibleCase(nameHistory.playerId)));
  // An inner join keeps the selected fields as they are (the selection is `fields`, not the tables).
  const joined = names.innerJoin(players, eq(players.id, nameHistory.playerId)) as unknown as typeof names;
  return joined.where(and(where, ...shapeFilters(shape.game, shape.from, shape.to)));
}

/** How many names of a shape match `where`, up to one past the limit; `order` makes the plan read an index only as far as that. */
export function cappedHits(db: DbOrTx, shape: { game: SearchQuery['game']; from: string; to: string }, where: SQL | undefined, ...order: SQL[]) {
  return countUpToLimit(db, namesOfShape(db, { one: sql`1` }, shape, where).orderBy(...order));
}

/**
 * How many names of a shape (game, time filters: `game|from|to`) start with the key, up to one past
 * the limit: one range of `name_history_key_order_idx` (`startsFrom`, `startsBefore`). Most hits of a
 * common pattern start with it, so past the limit this alone gives the total.
 */
export const startsHits = preparedByKey((db, cases: string) => {
  const [game, from, to] = cases.split('|') as [SearchQuery['game'], string, string];
  return cappedHits(genericPlanHandle(db, { from, to }), { game, from, to }, keyStarts, asc(KEY_IN_BYTE_ORDER)).prepare(statementName({ from, to }, `search_starts_hits_${cases.replace(/\|/g, '_')}`));
});

/**
 * What tells a filtered search of a common pattern whether to read its pages down an order: more
 * than `hits` of the first `names` names that start with the pattern (in key order, which follows
 * neither report time nor game) pass the filters; when fewer than `names` start with it, more than
 * `hits` of the first `names` that hold it (as its index finds them). A filter that keeps a share
 * of the names fills a page after a few hundred cases; one that keeps almost none (a game those
 * names are seldom reported in) would have the walk join most of the pattern's names to their
 * cases, one by one, for a page: 1.5-3.4 s on the bench's million cases, against 0.16-0.42 s to
 * find the hits through the name indexes and sort them.
 */
const DENSE = { names: 10_000, hits: 100 };

/** How many of the first `DENSE.names` names matching `where` (in `order`) pass the shape's filters, up to one past `DENSE.hits`. */
function keptOfFirstNames(db: DbOrTx, cases: { game: SearchQuery['game']; from: string; to: string }, where: SQL | undefined, ...order: SQL[]) {
  const read = db
    .select({ playerId: sql<number>`${nameHistory.playerId}`.as('read_player_id'), caseGames: sql<string[]>`${nameHistory.caseGames}`.as('read_case_games') })
    .from(nameHistory)
    .where(where)
    .orderBy(...order)
    .limit(DENSE.names)
    .as('read');
  // Without times the names' own games and the hidden cases' ids tell it (no case read); with them, each name's case.
  const names = db.select({ one: sql`1` }).from(read).$dynamic();
  const kept = (
    filtersTimes(cases)
      ? names.innerJoin(players, eq(players.id, read.playerId)).where(and(...caseRowFilters(cases.game, cases.from, cases.to)))
      : names.where(and(...nameRowFilters(cases.game, read.caseGames), visibleCase(read.playerId)))
  ).limit(DENSE.hits + 1);
  return db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(kept.as('kept'));
}

/** The statements of `filteredHitsDense` for a shape (`game|from|to|lookup`). */
const denseStatements = preparedByKey((db, shape: string) => {
  const [game, from, to, lookup] = shape.split('|') as [SearchQuery['game'], string, string, string];
  const cases = { game, from, to };
  const name = shape.replace(/\|/g, '_');
  // The names that start with the key are read on the generic-plan handle; those holding it, planned with the values.
  const generic = genericPlanHandle(db, cases);
  const starting = generic.select({ one: sql`1` }).from(nameHistory).where(keyStarts).limit(DENSE.names).as('starting');
  return {
    keptStarting: keptOfFirstNames(generic, cases, keyStarts, asc(KEY_IN_BYTE_ORDER)).prepare(statementName(cases, `search_dense_starts_${name}`)),
    starting: generic.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(starting).prepare(`search_dense_starting_${name}`),
    keptHolding: keptOfFirstNames(db, cases, and(...nameMatch(lookup))).prepare(statementName(cases, `search_dense_holds_${name}`)),
  };
});

/**
 * Whether the filters of a search of a common pattern keep enough of its names for its pages to be
 * read down an order (`DENSE`); if not, its hits are found through the name indexes and sorted.
 * `shape`: `game|from|to|lookup`; `params`: `startsFrom`, `startsBefore`, the lookup's and the times.
 */
export async function filteredHitsDense(db: DbOrTx, shape: string, params: Record<string, unknown>): Promise<boolean> {
  const s = denseStatements(db, shape);
  const count = async (statement: { execute: (p: Record<string, unknown>) => Promise<Array<{ n: number }>> }) => (await statement.execute(params))[0]?.n ?? 0;
  if ((await count(s.keptStarting)) > DENSE.hits) return true;
  if ((await count(s.starting)) >= DENSE.names) return false;
  return (await count(s.keptHolding)) > DENSE.hits;
}
