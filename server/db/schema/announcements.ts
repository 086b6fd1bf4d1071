import { integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/**
 * The versions of the site's editorial documents (bulletin, rule announcements). Rows are only
 * ever added: publishing and restoring both write a new version; the highest version of a name is
 * the latest, the one the site shows.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: serial('id').primaryKey(),
    /** `bulletin`, `antiCheatRules`, `conductRules`, `personnelRules`. */
    name: varchar('name', { length: 32 }).notNull(),
    version: integer('version').notNull(),
    title: varchar('title', { length: 200 }).notNull().default(''),
    /** Sanitised rich text. */
    content: text('content').notNull(),
    authorId: integer('author_id'),
    /** The version this one republished. */
    restoredFrom: integer('restored_from'),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('announcements_name_version_uq').on(t.name, t.version)],
);
export type AnnouncementRow = typeof announcements.$inferSelect;
