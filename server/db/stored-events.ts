import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TimelineEntry } from '@shared/types/cases';
import { realtimeEvents } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';

/**
 * A room's stored events are replayed to whoever joins it behind (`server/realtime/socket-server.ts`),
 * and anyone may join a case's room or `all`. An event records a thing as it was when it happened;
 * once the thing is hidden, rewritten or deleted, a replay must not bring its old words back. These
 * rewrite, in the transaction of the change, what the room's earlier events say of it. The events
 * that follow in the room (hidden, updated, deleted) still tell the change itself, in order.
 */

/** The events of `room` that carry timeline entry `id` (added, updated, shown again). */
const carryingEntry = (room: string, id: number) => and(eq(realtimeEvents.room, room), sql`${realtimeEvents.payload} -> 'entry' ->> 'id' = ${String(id)}`);

/** The entry as everyone now sees it replaces the one the room's earlier events carry (an edit, or shown again). */
export async function restateStoredEntry(tx: DbOrTx, room: string, entry: TimelineEntry): Promise<void> {
  await tx
    .update(realtimeEvents)
    .set({ payload: sql`jsonb_set(${realtimeEvents.payload}, '{entry}', ${JSON.stringify(entry)}::jsonb)` })
    .where(carryingEntry(room, entry.id));
}

/** A hidden or deleted entry: the room's earlier events keep who wrote what kind of entry when, not its words or links. */
export async function withholdStoredEntry(tx: DbOrTx, room: string, id: number): Promise<void> {
  await tx
    .update(realtimeEvents)
    .set({ payload: sql`jsonb_set(${realtimeEvents.payload}, '{entry}', (${realtimeEvents.payload} -> 'entry') - 'videoLink' - 'quote' || '{"content":{"text":""}}'::jsonb)` })
    .where(carryingEntry(room, id));
}

/** A deleted message: the events that brought it to `rooms` keep its id and kind, not its text. */
export async function withholdStoredMessage(tx: DbOrTx, rooms: string[], id: number): Promise<void> {
  await tx
    .update(realtimeEvents)
    .set({ payload: sql`jsonb_set(${realtimeEvents.payload}, '{message,content}', '""'::jsonb)` })
    .where(and(inArray(realtimeEvents.room, rooms), eq(realtimeEvents.name, 'message.new'), sql`${realtimeEvents.payload} -> 'message' ->> 'id' = ${String(id)}`));
}
