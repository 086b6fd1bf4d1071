import type { AccountAttr } from '@shared/types/account';
import { sql } from 'drizzle-orm';
import { ADMIN_LEVELS } from '../../../shared/privileges';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Attributes kept per user; which of them a user may set is `userSettableAttr` in shared/. */
/** Stored as jsonb; the shape is the wire's (shared/types/account.ts). */
export type UserAttr = AccountAttr;

/** Rows of staff (admin level 1); the same text is used by the queries so the partial index applies. */
export const STAFF_PREDICATE = `"users"."privileges" ?| array[${ADMIN_LEVELS[1].map((r) => `'${r}'`).join(',')}]`;

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 40 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    valid: boolean('valid').notNull().default(true),
    privileges: jsonb('privileges').$type<string[]>().notNull().default(sql`'["normal"]'::jsonb`),
    attr: jsonb('attr').$type<UserAttr>().notNull().default(sql`'{}'::jsonb`),
    originName: varchar('origin_name', { length: 64 }),
    originUserId: varchar('origin_user_id', { length: 20 }),
    originPersonaId: varchar('origin_persona_id', { length: 20 }),
    originEmail: varchar('origin_email', { length: 254 }),
    signoutTime: timestamp('signout_time', { withTimezone: true, mode: 'date', precision: 3 }),
    createTime: timestamp('create_time', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_origin_user_id_uq').on(t.originUserId),
    index('users_origin_email_idx').on(t.originEmail),
    index('users_username_trgm').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    /** The activity feed's newest registrations. */
    index('users_create_time_idx').on(t.createTime.desc(), t.id.desc()),
    /** Staff lists and counts (`/admins`, `/statistics?admins`) read only staff rows. */
    index('users_staff_idx').on(t.id).where(sql.raw(STAFF_PREDICATE)),
  ],
);

export type UserRow = typeof users.$inferSelect;

export const VERIFICATION_TYPES = ['register', 'binding', 'reset'] as const;
export type VerificationType = (typeof VERIFICATION_TYPES)[number];

/** Codes mailed for sign-up, binding and password reset: single use, expiring. */
export const verifications = pgTable(
  'verifications',
  {
    /** The SHA-256 (hex) of the mailed code: the code itself is never stored. */
    code: varchar('code', { length: 128 }).primaryKey(),
    type: varchar('type', { length: 16 }).$type<VerificationType>().notNull(),
    userId: integer('user_id'),
    username: varchar('username', { length: 40 }),
    passwordHash: text('password_hash'),
    originName: varchar('origin_name', { length: 64 }),
    originUserId: varchar('origin_user_id', { length: 20 }),
    originPersonaId: varchar('origin_persona_id', { length: 20 }),
    originEmail: varchar('origin_email', { length: 254 }),
    language: varchar('language', { length: 16 }),
    registerIp: varchar('register_ip', { length: 64 }),
    expiresTime: timestamp('expires_time', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index('verifications_type_username_idx').on(t.type, sql`lower(${t.username})`),
    index('verifications_type_origin_idx').on(t.type, t.originUserId),
    index('verifications_expires_idx').on(t.expiresTime),
  ],
);
