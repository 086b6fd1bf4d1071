import { and, asc, eq, gt, lte, min, sql, type SQL } from 'drizzle-orm';
import { roomOf } from '@shared/socket';
import type { FeedChange, FeedItem } from '@shared/types/feed';
import { realtimeEvents } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';

/** The oldest change still kept (null: none is), whose cursor minus one is the oldest a poll may resume from. */
export async function oldestKept(db: DbOrTx): Promise<number | null> {
  const [row] = await db
    .select({ seq: min(realtimeEvents.seq) })
    .from(realtimeEvents)
    .where(eq(realtimeEvents.room, roomOf.caseFeed));
  return row?.seq === null || row?.seq === undefined ? null : Number(row.seq);
}

export interface FeedFilters {
  status?: number[];
  games?: string[];
}

/**
 * A case matches the status filter when the change moved it into or out of a listed status: a tool
 * that follows confirmed cases (status 1) hears of a case that stops being one.
 */
function filterSql({ status, games }: FeedFilters): SQL[] {
  const payload = realtimeEvents.payload;
  const where: SQL[] = [];
  if (status) {
    const listed = JSON.stringify(status);
    where.push(sql`(${listed}::jsonb @> (${payload} -> 'status') or ${listed}::jsonb @> (${payload} -> 'previousStatus'))`);
  }
  if (games) where.push(sql`(${payload} -> 'games') ?| array(select jsonb_array_elements_text(${JSON.stringify(games)}::jsonb))`);
  return where;
}

/** The changes numbered in (after, upTo] that match, oldest first, at most `limit`. */
export async function feedItems(db: DbOrTx, after: number, upTo: number, filters: FeedFilters, limit: number): Promise<FeedItem[]> {
  const rows = await db
    .select({ seq: realtimeEvents.seq, payload: realtimeEvents.payload })
    .from(realtimeEvents)
    .where(and(eq(realtimeEvents.room, roomOf.caseFeed), gt(realtimeEvents.seq, after), lte(realtimeEvents.seq, upTo), ...filterSql(filters)))
    .orderBy(asc(realtimeEvents.seq))
    .limit(limit);
  return rows.map((r) => ({ cursor: String(r.seq), ...(r.payload as FeedChange) }));
}
