import { integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/**
 * The versions of the site's editorial documents (bulletin, rule announcements), one history per
 * document and language. Rows are only ever added: publishing and restoring both write a new
 * version; the highest version of a name in a language is the latest, the one readers of that
 * language see (readers of a language without one see en-US's).
 */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    /** `bulletin`, `antiCheatRules`, `conductRules`, `personnelRules`. */
    name: varchar('name', { length: 32 }).notNull(),
    /** A code of shared/languages.ts; rows written before languages existed are en-US. */
    language: varchar('language', { length: 16 }).notNull().default('en-US'),
    version: integer('version').notNull(),
    title: varchar('title', { length: 200 }).notNull().default(''),
    /** Sanitised rich text. */
    content: text('content').notNull(),
    authorId: integer('author_id'),
    /** The version this one republished. */
    restoredFrom: integer('restored_from'),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('announcements_name_language_version_uq').on(t.name, t.language, t.version)],
);
export type AnnouncementRow = typeof announcements.$inferSelect;
