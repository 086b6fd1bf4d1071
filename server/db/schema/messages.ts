import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const MESSAGE_TYPES = ['direct', 'warn', 'fatal', 'command', 'reply', 'banAppeal', 'toAll', 'toAdmins', 'toNormals'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Inbox messages: direct messages, system notifications (no sender) and broadcasts (no recipient). */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    byUserId: integer('by_user_id'),
    toUserId: integer('to_user_id'),
    type: varchar('type', { length: 16 }).$type<MessageType>().notNull(),
    content: text('content').notNull(),
    /** The case a notification is about, for links. */
    playerId: integer('player_id'),
    /**
     * A notification that names an account other than its parties (who answered a quoted entry):
     * that account, and the notice it was written from (`notifications.<key>` and its values), so
     * its content follows the account's name (server/modules/notifications/named-accounts.ts).
     */
    aboutUserId: integer('about_user_id'),
    notice: jsonb('notice').$type<{ key: string; values: Record<string, string | number> }>(),
    haveRead: boolean('have_read').notNull().default(false),
    createTime: timestamp('create_time', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_to_idx').on(t.toUserId, t.createTime.desc()),
    index('messages_by_idx').on(t.byUserId, t.createTime.desc()),
    index('messages_type_idx').on(t.type, t.createTime.desc()),
    index('messages_about_idx').on(t.aboutUserId).where(sql`${t.aboutUserId} is not null`),
  ],
);
