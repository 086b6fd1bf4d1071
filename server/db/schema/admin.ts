import type { UserOperationKindName } from '../../../shared/schemas/admin';
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

/** What an account did to itself that staff may need to trace: sessions, credentials, name, binding. */
export type UserOperationKind = UserOperationKindName;

/**
 * Operations of users on their own account, written in the transaction of the operation itself
 * (`recordUserOperation`), with the address and user agent they came from. Read by
 * `GET /admin/userOperationLogs`; the addresses only by root and dev.
 */
export const userOperationLog = pgTable(
  'user_operation_log',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    kind: varchar('kind', { length: 24 }).$type<UserOperationKind>().notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 255 }),
    /** What changed (e.g. the old and new name); never a secret. */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [
    index('user_operation_log_time_idx').on(t.createTime.desc(), t.id.desc()),
    index('user_operation_log_user_idx').on(t.userId, t.createTime.desc()),
    index('user_operation_log_kind_idx').on(t.kind, t.createTime.desc()),
  ],
);
export type UserOperationRow = typeof userOperationLog.$inferSelect;
