import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/**
 * Every staff write, appended in the transaction of the write itself (`recordAdminAction`), so a
 * change and its audit line commit or roll back together. Read by `GET /admin/adminLog`.
 */
export const adminLog = pgTable(
  'admin_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').notNull(),
    /** What was done, e.g. `setUserRole`, `muteUser`, `setComment` (the endpoint's name). */
    action: varchar('action', { length: 48 }).notNull(),
    targetUserId: integer('target_user_id'),
    targetCaseId: integer('target_case_id'),
    targetEntryId: integer('target_entry_id'),
    /** What changed (before/after, chosen values); never a secret. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [
    index('admin_log_time_idx').on(t.createTime.desc(), t.id.desc()),
    index('admin_log_actor_idx').on(t.actorId, t.createTime.desc()),
    index('admin_log_target_user_idx').on(t.targetUserId, t.createTime.desc()),
    index('admin_log_action_idx').on(t.action, t.createTime.desc()),
  ],
);
export type AdminLogRow = typeof adminLog.$inferSelect;
