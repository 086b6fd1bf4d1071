import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { nameKey } from '@shared/names';
import { sortFor, type SearchQuery, type SearchSort } from '@shared/schemas/search';
import { nameHistory, players } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { caseFilters } from '@server/modules/cases/list';
import { containsPattern } from './like';

/**
 * Cases by any name they were ever seen with (reference §7): the folded key of `param` as a
 * substring of each name's key (trigram index `name_history_key_trgm`), one row per matching name.
 * Sorted before paging; the total is exact.
 */
export async function searchPlayers(db: DbOrTx, q: SearchQuery) {
  const key = nameKey(q.param);
  const where = and(
    sql`${nameHistory.nameKey} LIKE ${containsPattern(key)} ESCAPE '\\'`,
    ...caseFilters({ game: q.game, status: -1, createTimeFrom: q.createTimeFrom, createTimeTo: q.createTimeTo }),
  );
  const orders: Record<SearchSort<'player'>, SQL[]> = {
    // Best match: the exact key, then shorter names, then newer cases.
    default: [desc(sql`${nameHistory.nameKey} = ${key}`), asc(sql`length(${nameHistory.nameKey})`), desc(players.createTime)],
    latest: [desc(players.createTime)],
    mostViewed: [desc(players.viewNum)],
    mostComments: [desc(players.commentsNum)],
  };
  const from = () => db.select({ name: nameHistory, player: players }).from(nameHistory).innerJoin(players, eq(players.id, nameHistory.playerId));
  const [rows, [count]] = await Promise.all([
    from()
      .where(where)
      .orderBy(...orders[sortFor('player', q.sort)], desc(nameHistory.id))
      .limit(q.limit)
      .offset(q.skip),
    db.select({ n: sql<number>`count(*)::int` }).from(nameHistory).innerJoin(players, eq(players.id, nameHistory.playerId)).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
