import { date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { AppScope, ApplicationState } from '../../../shared/applications';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/**
 * Applications members register at `/developers` (docs/applications.md). Once staff approve one it
 * gets a bot account (`bot_user_id`) that its keys act as.
 */
export const applications = pgTable(
  'applications',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id').notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    purpose: text('purpose').notNull(),
    homepage: varchar('homepage', { length: 500 }).notNull(),
    contact: varchar('contact', { length: 200 }).notNull(),
    requestedScopes: jsonb('requested_scopes').$type<AppScope[]>().notNull().default([]),
    grantedScopes: jsonb('granted_scopes').$type<AppScope[]>().notNull().default([]),
    status: varchar('status', { length: 16 }).$type<ApplicationState>().notNull().default('pending'),
    /** Why staff refused or suspended it (the owner reads it). */
    reason: text('reason'),
    reviewerId: integer('reviewer_id'),
    reviewTime: ts('review_time'),
    botUserId: integer('bot_user_id'),
    createTime: ts('create_time').notNull().defaultNow(),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [index('applications_owner_idx').on(t.ownerId, t.status), index('applications_status_idx').on(t.status, t.createTime.desc())],
);
export type ApplicationRow = typeof applications.$inferSelect;

/**
 * An application's API keys. Only the HMAC-SHA-256 of a key is kept (`hash`, keyed with the
 * server's secret): the key itself is shown once, when it is made.
 */
export const applicationKeys = pgTable(
  'application_keys',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 48 }).notNull(),
    /** The key's first characters, shown to tell keys apart. */
    prefix: varchar('prefix', { length: 16 }).notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
    scopes: jsonb('scopes').$type<AppScope[]>().notNull().default([]),
    createTime: ts('create_time').notNull().defaultNow(),
    lastUsedTime: ts('last_used_time'),
    /** The end of a rotated key's grace; null: no end. */
    expiresTime: ts('expires_time'),
    revokedTime: ts('revoked_time'),
  },
  (t) => [uniqueIndex('application_keys_hash_uq').on(t.hash), index('application_keys_application_idx').on(t.applicationId)],
);
export type ApplicationKeyRow = typeof applicationKeys.$inferSelect;

/** Requests and writes per key, day (UTC) and endpoint (`POST /player/reply`), added to by each node's counts. */
export const applicationUsage = pgTable(
  'application_usage',
  {
    keyId: integer('key_id').notNull(),
    applicationId: integer('application_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    endpoint: varchar('endpoint', { length: 120 }).notNull(),
    requests: integer('requests').notNull().default(0),
    writes: integer('writes').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.day, t.endpoint] }), index('application_usage_app_day_idx').on(t.applicationId, t.day)],
);
