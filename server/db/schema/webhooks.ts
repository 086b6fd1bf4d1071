import { bigserial, boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/** A bot's or developer's subscription: events are POSTed to `url`, signed with `secret`. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    url: varchar('url', { length: 500 }).notNull(),
    secret: varchar('secret', { length: 128 }).notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    active: boolean('active').notNull().default(true),
    /** How deliveries are written (WEBHOOK_FORMATS in shared/webhooks.ts) and, for chat formats, in which language. */
    format: varchar('format', { length: 16 }).notNull().default('signed'),
    language: varchar('language', { length: 16 }).notNull().default('en-US'),
    createTime: ts('create_time').notNull().defaultNow(),
    /** The last delivery's result, shown to the owner. */
    lastDeliveryTime: ts('last_delivery_time'),
    lastStatus: varchar('last_status', { length: 16 }),
    lastCode: smallint('last_code'),
    lastError: text('last_error'),
  },
  (t) => [index('webhooks_user_idx').on(t.userId), index('webhooks_events_idx').using('gin', t.events)],
);
export type WebhookRow = typeof webhooks.$inferSelect;

/** One event for one webhook: written in the change's transaction, sent and retried by jobs. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: integer('webhook_id').notNull().references(() => webhooks.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 32 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** pending, ok or failed (gave up). */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    /** When a pending delivery may be tried (again); a claim pushes it forward as a lease. */
    nextTime: ts('next_time').notNull().defaultNow(),
    lastCode: smallint('last_code'),
    lastError: text('last_error'),
    createTime: ts('create_time').notNull().defaultNow(),
    deliveredTime: ts('delivered_time'),
  },
  (t) => [
    index('webhook_deliveries_hook_idx').on(t.webhookId, t.id.desc()),
    index('webhook_deliveries_due_idx').on(t.nextTime).where(sql`${t.status} = 'pending'`),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
