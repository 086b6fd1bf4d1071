import { bigint, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

export const APP_AUTH_STATES = ['pending', 'approved', 'refused', 'failed', 'revoked'] as const;
export type AppAuthState = (typeof APP_AUTH_STATES)[number];

/**
 * An app's request to act for a user (external authorization): asked by a bot or
 * staff account, approved once by the user through a mailed single-use code, revocable later.
 * The issued `external-auth` token names its row, so revoking the row ends the token.
 */
export const appAuthorizations = pgTable(
  'app_authorizations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** The bot or staff account that asked, whose auth text the app publishes. */
    requestedBy: integer('requested_by').notNull(),
    appName: varchar('app_name', { length: 64 }).notNull(),
    appId: varchar('app_id', { length: 64 }).notNull(),
    callbackUrl: text('callback_url').notNull(),
    /** Lifetime of the token the app gets, in ms (up to 30 days: more than 32 bits hold). */
    tokenTtl: bigint('token_ttl', { mode: 'number' }).notNull(),
    /** SHA-256 (hex) of the mailed approval code. */
    codeHash: varchar('code_hash', { length: 64 }).notNull().unique(),
    codeExpires: ts('code_expires').notNull(),
    state: varchar('state', { length: 12 }).$type<AppAuthState>().notNull().default('pending'),
    /** Why the approval failed (the app's site could not be checked or reached). */
    failure: varchar('failure', { length: 200 }),
    createTime: ts('create_time').notNull().defaultNow(),
    decidedTime: ts('decided_time'),
  },
  (t) => [index('app_authorizations_user_idx').on(t.userId, t.state)],
);
export type AppAuthorizationRow = typeof appAuthorizations.$inferSelect;
