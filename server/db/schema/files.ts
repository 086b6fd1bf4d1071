import { index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** What the server learnt when it checked an upload (zip archives: whether a MOSS log is inside). */
export interface FileDetails {
  zipEntries?: number;
  hasMossLog?: boolean;
}

/** Uploaded files (MOSS archives, images); the bytes live on disk under UPLOAD_DIR, named by `name`. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 80 }).notNull(),
    byUserId: integer('by_user_id').notNull(),
    mimeType: varchar('mime_type', { length: 64 }).notNull(),
    size: integer('size').notNull(),
    details: jsonb('details').$type<FileDetails>().notNull().default({}),
    createTime: timestamp('create_time', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('files_name_uq').on(t.name), index('files_user_idx').on(t.byUserId, t.createTime.desc())],
);
export type FileRow = typeof files.$inferSelect;
