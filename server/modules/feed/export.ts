import { and, asc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import type { FeedExportQuery } from '@shared/schemas/feed';
import type { FeedCase } from '@shared/types/feed';
import { players } from '@server/db/schema';
import type { Services } from '@server/core/services';
import { freshHead } from './head';

const columns = {
  id: players.id,
  originPersonaId: players.originPersonaId,
  originUserId: players.originUserId,
  originName: players.originName,
  games: players.games,
  status: players.status,
  hackerLevel: players.hackerLevel,
  updateTime: players.updateTime,
};

function filterSql(q: FeedExportQuery): SQL[] {
  const where: SQL[] = [eq(players.valid, true)];
  if (q.status) where.push(inArray(players.status, q.status));
  if (q.games) where.push(sql`${players.games} ?| array(select jsonb_array_elements_text(${JSON.stringify(q.games)}::jsonb))`);
  return where;
}

/** One page of the listed cases after `afterId`, by id. */
async function casesAfter(services: Services, q: FeedExportQuery, afterId: number) {
  return services.db
    .select(columns)
    .from(players)
    .where(and(gt(players.id, afterId), ...filterSql(q)))
    .orderBy(asc(players.id))
    .limit(LIMITS.feedExportPage);
}

type CaseColumns = Awaited<ReturnType<typeof casesAfter>>[number];

const presentFeedCase = (r: CaseColumns): FeedCase => ({
  dbId: r.id,
  personaId: r.originPersonaId,
  userId: r.originUserId,
  name: r.originName,
  games: r.games,
  status: r.status,
  hackerLevel: r.status === 1 ? r.hackerLevel : null,
  updateTime: r.updateTime.toISOString(),
});

/** The cursor an export continues from: read before its first page. */
export const exportCursor = (services: Services) => freshHead(services).then(String);

/**
 * The listed cases as NDJSON lines, after a first line naming `cursor` and before a last line
 * telling how many there were (a tool that misses the last line knows the list was cut short).
 * Pages are read one statement at a time (no transaction holds a connection while a slow client
 * reads), each after the cursor was read: every line is at least as new as the cursor, and every
 * change after it is in the feed, so a tool that applies the feed from the cursor ends up with the
 * current list (a change seen in both is applied twice, to the same state).
 */
export async function* exportLines(services: Services, q: FeedExportQuery, cursor: string): AsyncGenerator<string> {
  yield `${JSON.stringify({ cursor })}\n`;
  let count = 0;
  let afterId = 0;
  for (;;) {
    const rows = await casesAfter(services, q, afterId);
    if (rows.length) yield rows.map((r) => JSON.stringify(presentFeedCase(r))).join('\n') + '\n';
    count += rows.length;
    if (rows.length < LIMITS.feedExportPage) break;
    afterId = rows[rows.length - 1]!.id;
  }
  yield `${JSON.stringify({ end: true, cases: count })}\n`;
}
