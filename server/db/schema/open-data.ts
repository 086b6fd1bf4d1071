import { integer, jsonb, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

/** One stored file of a dump: its name in storage (server/infra/storage.ts), size and hash. */
export interface DumpFileRow {
  kind: string;
  name: string;
  bytes: number;
  sha256: string;
}

/** A daily open-data dump: at most one per UTC day, its files in storage. */
export const dataDumps = pgTable('data_dumps', {
  id: serial('id').primaryKey(),
  /** YYYY-MM-DD (UTC); unique, so two runners racing for a day keep one dump. */
  day: varchar('day', { length: 10 }).notNull().unique(),
  cases: integer('cases').notNull(),
  files: jsonb('files').$type<DumpFileRow[]>().notNull(),
  createTime: timestamp('create_time', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
});
export type DataDumpRow = typeof dataDumps.$inferSelect;
