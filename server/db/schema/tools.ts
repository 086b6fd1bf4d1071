import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/** The tools directory: submitted by members, shown once staff approved them. */
export const tools = pgTable(
  'tools',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    description: text('description').notNull(),
    icon: varchar('icon', { length: 500 }),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    getUrl: varchar('get_url', { length: 500 }),
    websiteUrl: varchar('website_url', { length: 500 }),
    hot: boolean('hot').notNull().default(false),
    /** pending, approved, rejected. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    /** Null for the entries the site ships with. */
    submitterId: integer('submitter_id'),
    reviewerId: integer('reviewer_id'),
    reviewTime: ts('review_time'),
    reason: text('reason'),
    createTime: ts('create_time').notNull().defaultNow(),
    updateTime: ts('update_time').notNull().defaultNow(),
  },
  (t) => [index('tools_status_hot_idx').on(t.status, t.hot, t.updateTime), index('tools_submitter_idx').on(t.submitterId, t.status)],
);
export type ToolRow = typeof tools.$inferSelect;
