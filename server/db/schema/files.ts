import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** What the server learnt when it checked an upload (zip archives: whether a MOSS log is inside). */
export interface FileDetails {
  zipEntries?: number;
  hasMossLog?: boolean;
  /** Images once processed: the re-encoded size in pixels. */
  width?: number;
  height?: number;
  /** Images once processed: the sizes written beside the file (`thumb` 320 px, `avatar` 150 px), in bytes. */
  variants?: Partial<Record<'thumb' | 'avatar', number>>;
}

/** Images wait for their job; archives and videos are ready at once; a file that cannot be decoded ends failed. */
export type FileState = 'processing' | 'ready' | 'failed';
export type FileKind = 'image' | 'video' | 'archive';

/** Uploaded files (MOSS archives, images, videos); the bytes live in storage under UPLOAD_DIR, named by `name`. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 80 }).notNull(),
    /** The file's own name as its client sent it (`originalFileName` in shared/schemas/files.ts); null when none was sent, and for files from before it was kept. */
    originalName: varchar('original_name', { length: 255 }),
    /** The owner. */
    byUserId: integer('by_user_id').notNull(),
    mimeType: varchar('mime_type', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 16 }).$type<FileKind>().notNull().default('archive'),
    state: varchar('state', { length: 16 }).$type<FileState>().notNull().default('ready'),
    /** Why a file failed (for its owner). */
    reason: text('reason'),
    size: integer('size').notNull(),
    details: jsonb('details').$type<FileDetails>().notNull().default({}),
    createTime: timestamp('create_time', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('files_name_uq').on(t.name),
    index('files_user_idx').on(t.byUserId, t.createTime.desc()),
    index('files_kind_state_idx').on(t.kind, t.state, t.createTime.desc()),
    // The staff list searches every file by its own name (LIKE '%…%'); an owner's list has files_user_idx.
    index('files_original_name_trgm').using('gin', sql`lower(${t.originalName}) gin_trgm_ops`),
  ],
);
export type FileRow = typeof files.$inferSelect;

/**
 * Each account's media quota (one row, made on its first upload): the storage it holds, and the
 * traffic and files of the current 24-hour window starting at `dayStart`.
 */
export const mediaQuotas = pgTable('media_quotas', {
  userId: integer('user_id').primaryKey(),
  totalBytes: bigint('total_bytes', { mode: 'number' }).notNull().default(0),
  dayBytes: bigint('day_bytes', { mode: 'number' }).notNull().default(0),
  dayFiles: integer('day_files').notNull().default(0),
  dayStart: timestamp('day_start', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
});
export type MediaQuotaRow = typeof mediaQuotas.$inferSelect;

/**
 * Resumable big-file uploads (Microsoft Graph upload-session semantics): the secret id in the
 * upload URL is the capability; chunks are appended to a part file until `received` reaches `size`.
 */
export const uploadSessions = pgTable(
  'upload_sessions',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: integer('user_id').notNull(),
    /** The stored name the finished file will get. */
    name: varchar('name', { length: 80 }).notNull(),
    /** The file's own name, from the request that opened the session. */
    originalName: varchar('original_name', { length: 255 }),
    mimeType: varchar('mime_type', { length: 64 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    received: bigint('received', { mode: 'number' }).notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    createTime: timestamp('create_time', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('upload_sessions_expires_idx').on(t.expiresAt)],
);
export type UploadSessionRow = typeof uploadSessions.$inferSelect;
