import { lt } from 'drizzle-orm';
import { realtimeEvents, verifications } from '@server/db/schema';
import type { Db } from '@server/db/client';

/** How long realtime events stay replayable; older ones are never needed (clients refetch). */
export const EVENT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export async function purgeExpired(db: Db, now = Date.now()) {
  const codes = await db.delete(verifications).where(lt(verifications.expiresTime, new Date(now))).returning({ code: verifications.code });
  const events = await db.delete(realtimeEvents).where(lt(realtimeEvents.createTime, new Date(now - EVENT_RETENTION_MS))).returning({ id: realtimeEvents.id });
  return { codes: codes.length, events: events.length };
}
