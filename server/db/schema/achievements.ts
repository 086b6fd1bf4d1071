import { users } from './users';
import { index, integer, pgTable, primaryKey, serial, timestamp, varchar } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/** Achievements a user owns: one row per (user, achievement), so a grant happens once however many ask at once. */
export const userAchievements = pgTable(
  'user_achievements',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    achievementId: varchar('achievement_id', { length: 48 }).notNull(),
    acquiredTime: ts('acquired_time').notNull().defaultNow(),
    /** The admin who granted it by hand; null when claimed or granted by a job. */
    grantedBy: integer('granted_by'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.achievementId] }), index('user_achievements_time_idx').on(t.acquiredTime.desc())],
);
export type UserAchievementRow = typeof userAchievements.$inferSelect;

/** Every hand-made change to a user's achievements (admin add and delete), for the audit. */
export const achievementAudit = pgTable(
  'achievement_audit',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id').notNull(),
    userId: integer('user_id').notNull(),
    achievementId: varchar('achievement_id', { length: 48 }).notNull(),
    action: varchar('action', { length: 8 }).$type<'add' | 'delete'>().notNull(),
    createTime: ts('create_time').notNull().defaultNow(),
  },
  (t) => [index('achievement_audit_user_idx').on(t.userId, t.createTime.desc())],
);
