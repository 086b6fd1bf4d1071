import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/**
 * An import from another site's database (`npm run cli -- import-bfban`), one row per source
 * (`host:port/database`): when it first ran (what later passes count from) and its admin-log entry.
 */
export const importSources = pgTable('import_sources', {
  source: varchar('source', { length: 160 }).primaryKey(),
  firstStart: ts('first_start').notNull().defaultNow(),
  /** Set when every table was read to its end once. */
  completeTime: ts('complete_time'),
  /** The one admin-log line of this import (its passes are added to its detail). */
  adminLogId: integer('admin_log_id'),
  /** The zone (`--time-zone`, or the source server's) the first pass read DATETIME values in: every later pass must read them so. */
  timeZone: varchar('time_zone', { length: 64 }),
});

/**
 * How far an import got in each of the source's tables: the last key written, committed with the
 * batch that wrote it, so a killed import continues after it. `pass` names the run the cursor
 * belongs to (`full`, or a `--since` pass by its time).
 */
export const importProgress = pgTable(
  'import_progress',
  {
    source: varchar('source', { length: 160 }).notNull(),
    tableName: varchar('table_name', { length: 32 }).notNull(),
    pass: varchar('pass', { length: 40 }).notNull().default('full'),
    lastKey: bigint('last_key', { mode: 'number' }).notNull().default(0),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsWritten: integer('rows_written').notNull().default(0),
    rowsRefused: integer('rows_refused').notNull().default(0),
    /** With `rows_read`, so that a resumed run's summary counts what the runs before it did too. */
    rowsAdjusted: integer('rows_adjusted').notNull().default(0),
    rowsSkipped: integer('rows_skipped').notNull().default(0),
    rowsDeleted: integer('rows_deleted').notNull().default(0),
    done: boolean('done').notNull().default(false),
    /**
     * Tables whose ids are kept: the first id this site gives its own rows (its sequence starts
     * here, a margin above the source's ids). Below it every row came from the source; a later pass
     * is refused when the source's ids reached the rows this site made from here (`id-ranges.ts`).
     */
    siteFrom: bigint('site_from', { mode: 'number' }),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.tableName] })],
);
export type ImportProgressRow = typeof importProgress.$inferSelect;

/**
 * Secondary indexes a first import into an empty database dropped while it loaded (built once
 * at the end instead of row by row), with the statement that makes each again. Rows stay while
 * an index is missing: a resumed import, or any later run, builds what is listed.
 */
export const importDeferredIndexes = pgTable('import_deferred_indexes', {
  indexName: varchar('index_name', { length: 128 }).primaryKey(),
  tableName: varchar('table_name', { length: 64 }).notNull(),
  definition: text('definition').notNull(),
});

/**
 * What an import could not map as it was (the report): the source's table, row key and column,
 * the value, and why. `refused`: the row was left out; otherwise it came in with the value
 * changed as `why` says. Written in the transaction of the batch that met it.
 */
export const importIssues = pgTable(
  'import_issues',
  {
    id: serial('id').primaryKey(),
    source: varchar('source', { length: 160 }).notNull(),
    tableName: varchar('table_name', { length: 32 }).notNull(),
    rowKey: varchar('row_key', { length: 64 }).notNull(),
    columnName: varchar('column_name', { length: 64 }).notNull(),
    value: text('value'),
    why: text('why').notNull(),
    refused: boolean('refused').notNull(),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('import_issues_row_uq').on(t.source, t.tableName, t.rowKey, t.columnName), index('import_issues_source_idx').on(t.source, t.refused)],
);
export type ImportIssueRow = typeof importIssues.$inferSelect;
