import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** The last sequence number handed out per realtime room. */
export const roomSequences = pgTable('room_sequences', {
  room: varchar('room', { length: 64 }).primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
});

/**
 * Every realtime event, written in the transaction of the change it reports (docs/decisions/0004-events-numbered-per-room.md). Events of
 * the site-wide rooms are written without a sequence, which the outbox relay assigns after commit.
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    room: varchar('room', { length: 64 }).notNull(),
    /** Null until the relay numbers it (site-wide rooms). */
    seq: bigint('seq', { mode: 'number' }),
    name: varchar('name', { length: 64 }).notNull(),
    payload: jsonb('payload').notNull(),
    createTime: timestamp('create_time', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('realtime_events_room_seq_uq').on(t.room, t.seq),
    index('realtime_events_time_idx').on(t.createTime),
    index('realtime_events_pending_idx').on(t.id).where(sql`${t.seq} is null`),
  ],
);
