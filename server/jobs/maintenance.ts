import { and, eq, lt, lte, max, ne } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import { roomOf } from '@shared/socket';
import { realtimeEvents, verifications } from '@server/db/schema';
import type { Db } from '@server/db/client';
import type { ReadCache } from '@server/infra/read-cache';

/** How long realtime events stay replayable; older ones are never needed (clients refetch). */
export const EVENT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** How long the ban-list feed's changes stay, so that a tool can resume from a cursor that old. */
export const FEED_RETENTION_MS = LIMITS.feedRetentionDays * 24 * 60 * 60 * 1000;

/**
 * The feed's changes older than its retention, cut at a sequence: a change's time is its
 * transaction's start, which need not grow with its number, and a cut by time alone could leave a
 * hole that a resuming poll would not notice (`server/modules/feed/poll.ts` checks only the oldest kept).
 */
async function purgeFeed(db: Db, now: number) {
  const feed = roomOf.caseFeed;
  const [last] = await db
    .select({ seq: max(realtimeEvents.seq) })
    .from(realtimeEvents)
    .where(and(eq(realtimeEvents.room, feed), lt(realtimeEvents.createTime, new Date(now - FEED_RETENTION_MS))));
  if (last?.seq === null || last?.seq === undefined) return 0;
  const removed = await db
    .delete(realtimeEvents)
    .where(and(eq(realtimeEvents.room, feed), lte(realtimeEvents.seq, Number(last.seq))))
    .returning({ id: realtimeEvents.id });
  return removed.length;
}

export async function purgeExpired(db: Db, now = Date.now()) {
  const { codes, events, feed } = await purgeRows(db, now);
  return { codes, events: events + feed };
}

/**
 * The maintenance job: `purgeExpired`, and the feed's kept answers dropped on every node when its
 * oldest changes went (a poll from a cursor before them must now hear 410).
 */
export async function purgeAndForget({ db, readCache }: { db: Db; readCache: ReadCache }, now = Date.now()) {
  const removed = await purgeRows(db, now);
  if (removed.feed) await readCache.evict([roomOf.caseFeed]);
  return { codes: removed.codes, events: removed.events + removed.feed };
}

async function purgeRows(db: Db, now: number) {
  const codes = await db.delete(verifications).where(lt(verifications.expiresTime, new Date(now))).returning({ code: verifications.code });
  const events = await db
    .delete(realtimeEvents)
    .where(and(lt(realtimeEvents.createTime, new Date(now - EVENT_RETENTION_MS)), ne(realtimeEvents.room, roomOf.caseFeed)))
    .returning({ id: realtimeEvents.id });
  return { codes: codes.length, events: events.length, feed: await purgeFeed(db, now) };
}
