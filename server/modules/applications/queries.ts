import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Application } from '@shared/schemas/applications';
import { applicationKeys, applications, users, type ApplicationKeyRow } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { AppError } from '@server/app-error';
import { presentApplication } from './presenter';

const owner = alias(users, 'owner');
const bot = alias(users, 'bot');
const reviewer = alias(users, 'reviewer');

/** A page of applications, newest first, with their names and keys (newest first), and the exact total. */
export async function applicationsWhere(db: DbOrTx, where: SQL | undefined, page: { skip: number; limit: number }): Promise<{ data: Application[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db
      .select({ row: applications, ownerName: owner.username, botName: bot.username, reviewerName: reviewer.username })
      .from(applications)
      .leftJoin(owner, eq(owner.id, applications.ownerId))
      .leftJoin(bot, eq(bot.id, applications.botUserId))
      .leftJoin(reviewer, eq(reviewer.id, applications.reviewerId))
      .where(where)
      .orderBy(desc(applications.createTime), desc(applications.id))
      .limit(page.limit)
      .offset(page.skip),
    db.select({ n: sql<number>`count(*)::int` }).from(applications).where(where),
  ]);
  const ids = rows.map((r) => r.row.id);
  const keys = ids.length ? await db.select().from(applicationKeys).where(inArray(applicationKeys.applicationId, ids)).orderBy(desc(applicationKeys.id)) : [];
  const byApp = new Map<number, ApplicationKeyRow[]>();
  for (const k of keys) byApp.set(k.applicationId, [...(byApp.get(k.applicationId) ?? []), k]);
  return { data: rows.map((r) => presentApplication(r.row, r, byApp.get(r.row.id) ?? [])), total: Number(count?.n ?? 0) };
}

/** One application as presented, or `application.notFound`. */
export async function applicationById(db: DbOrTx, id: number): Promise<Application> {
  const { data } = await applicationsWhere(db, eq(applications.id, id), { skip: 0, limit: 1 });
  if (!data[0]) throw new AppError('application.notFound', 'no such application');
  return data[0];
}
