import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { nameKey } from '@shared/names';
import { sortFor, type SearchQuery, type SearchSort } from '@shared/schemas/search';
import { NAME_WORD_SQL, nameHistory, players } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { preparedByKey, UNNAMED } from '@server/db/prepared';
import { caseFilters } from '@server/modules/cases/list';
import { containsPattern } from './like';

/** A key as the trigram index reads it: one word, `_` written `0` (see `name_history_word_trgm`). */
export const asWord = (key: string) => key.replace(/_/g, '0');

/**
 * Trigrams this common (share of names) are left out of the index lookup when rarer ones remain:
 * their lists are long, and walking them for every candidate costs more than checking the few
 * candidates the rarer ones leave. Less common ones stay in: they still narrow the candidates.
 */
const COMMON = 0.05;
/** How long a server keeps the trigram frequencies between readings. */
const FREQUENCIES_TTL_MS = 10 * 60 * 1000;

/**
 * The most common trigrams of the names and their shares, as ANALYZE last sampled them
 * (statistics `name_history_trgm_freq`); empty when there are none yet (then every search uses
 * its whole pattern).
 */
async function readFrequencies(db: DbOrTx): Promise<Map<string, number>> {
  const res = (await db.execute(
    sql`select most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs from pg_stats_ext_exprs where statistics_name = 'name_history_trgm_freq' limit 1`,
  )) as unknown as { rows: Array<{ elems: string[] | null; freqs: number[] | null }> };
  const row = res.rows[0];
  const out = new Map<string, number>();
  if (!row?.elems || !row.freqs) return out;
  row.elems.forEach((t, i) => out.set(t, Number(row.freqs![i])));
  return out;
}

const frequencyCache = new WeakMap<object, { at: number; value: Promise<Map<string, number>> }>();
function trigramFrequencies(db: DbOrTx): Promise<Map<string, number>> {
  const hit = frequencyCache.get(db);
  if (hit && Date.now() - hit.at < FREQUENCIES_TTL_MS) return hit.value;
  const value = readFrequencies(db).catch(() => new Map<string, number>());
  frequencyCache.set(db, { at: Date.now(), value });
  return value;
}

const isWordChar = (c: string) => /[\p{L}\p{N}]/u.test(c);

/**
 * The part of `word` to look up in the trigram index. Every trigram of a LIKE pattern must match,
 * and each common one (in a twentieth of all names or more) makes the index walk its long list once
 * per candidate: so when the pattern holds a run of at least two uncommon trigrams, only the longest
 * such run is looked up, and the whole pattern is checked on the (few) rows it finds.
 */
export function indexedPart(word: string, frequencies: ReadonlyMap<string, number>): string {
  if (!frequencies.size) return word;
  let best: { start: number; count: number } | null = null;
  const chars = [...word];
  let i = 0;
  while (i < chars.length) {
    if (!isWordChar(chars[i]!)) {
      i++;
      continue;
    }
    let end = i;
    while (end < chars.length && isWordChar(chars[end]!)) end++;
    // Trigrams of this run start at i .. end-3; find the longest stretch of uncommon ones.
    let runStart = -1;
    for (let k = i; k <= end - 3 + 1; k++) {
      const uncommon = k <= end - 3 && (frequencies.get(chars.slice(k, k + 3).join('')) ?? 0) < COMMON;
      if (uncommon && runStart < 0) runStart = k;
      if (!uncommon && runStart >= 0) {
        const count = k - runStart;
        if (!best || count > best.count) best = { start: runStart, count };
        runStart = -1;
      }
    }
    i = end;
  }
  if (!best || best.count < 2) return word;
  const part = chars.slice(best.start, best.start + best.count + 2).join('');
  return part.length < chars.length ? part : word;
}

/**
 * Cases by any name they were ever seen with (reference §7): the folded key of `param` as a
 * substring of each name's key (trigram index `name_history_word_trgm`), one row per matching name.
 * Sorted before paging; the total is exact. One statement: the matches are found once, counted,
 * and only the page's rows are read in full.
 */
export async function searchPlayers(db: DbOrTx, q: SearchQuery, frequencies?: ReadonlyMap<string, number>) {
  const key = nameKey(q.param);
  const word = asWord(key);
  const part = indexedPart(word, frequencies ?? (await trigramFrequencies(db)));
  const shape: SearchShape = [sortFor('player', q.sort), q.game, q.createTimeFrom === undefined ? '0' : '1', q.createTimeTo === undefined ? '0' : '1', part === word ? 'whole' : 'part'].join('|');
  const query = searchQuery(db, shape);
  const params: Record<string, unknown> = {
    key,
    part: containsPattern(part),
    ...(part !== word ? { whole: containsPattern(key) } : {}),
    ...(q.createTimeFrom !== undefined ? { createTimeFrom: new Date(q.createTimeFrom).toISOString() } : {}),
    ...(q.createTimeTo !== undefined ? { createTimeTo: new Date(q.createTimeTo).toISOString() } : {}),
  };
  const rows = await query.page.execute({ ...params, limit: q.limit, skip: q.skip });
  if (rows.length) return { rows: rows.map((r) => ({ name: r.name, player: r.player })), total: rows[0]!.total };
  // Past the last page: the count alone.
  const [count] = await query.count.execute(params);
  return { rows: [], total: count?.n ?? 0 };
}

/** Sort, game, which time filters, and whether only part of the pattern is looked up. */
type SearchShape = string;

/**
 * The search statement of one shape, built once; planned at each run with its patterns (the
 * trigram index's cost depends on them), so not prepared on the server.
 */
const searchQuery = preparedByKey((db, shape: SearchShape) => {
  const [sort, game, from, to, lookup] = shape.split('|') as [SearchSort<'player'>, SearchQuery['game'], string, string, string];
  const where = and(
    sql`${NAME_WORD_SQL} LIKE ${sql.placeholder('part')} ESCAPE '\\'`,
    ...(lookup === 'part' ? [sql`${nameHistory.nameKey} LIKE ${sql.placeholder('whole')} ESCAPE '\\'`] : []),
    ...caseFilters({ game, status: -1, createTimeFrom: from === '1' ? 0 : undefined, createTimeTo: to === '1' ? 0 : undefined }, true),
  );
  const matches = db.$with('matches').as(
    db
      .select({
        nameId: sql<number>`${nameHistory.id}`.as('name_id'),
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
    // Best match: the exact key, then shorter names, then newer cases.
    default: [desc(m.exact), asc(m.len), desc(m.createTime), desc(m.nameId)],
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
      .select({ name: nameHistory, player: players, total })
      .from(page)
      .innerJoin(nameHistory, eq(nameHistory.id, page.nameId))
      .innerJoin(players, eq(players.id, nameHistory.playerId))
      .orderBy(...orders(page)[sort])
      .prepare(UNNAMED),
    count: db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(nameHistory).innerJoin(players, eq(players.id, nameHistory.playerId)).where(where).prepare(UNNAMED),
  };
});
