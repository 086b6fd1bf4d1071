import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminLogItem, AdminLogQuery } from '@shared/schemas/admin';
import { adminLog, users } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';

const actor = alias(users, 'actor');
const target = alias(users, 'target');

/** The admin log, paged with an exact total, filtered by actor, target, action and time. */
export async function readAdminLog(db: DbOrTx, q: AdminLogQuery): Promise<{ data: AdminLogItem[]; total: number }> {
  const where: SQL[] = [];
  if (q.actorId) where.push(eq(adminLog.actorId, q.actorId));
  if (q.targetUserId) where.push(eq(adminLog.targetUserId, q.targetUserId));
  if (q.action) where.push(eq(adminLog.action, q.action));
  if (q.createTimeFrom !== undefined) where.push(gte(adminLog.createTime, new Date(q.createTimeFrom)));
  if (q.createTimeTo !== undefined) where.push(lte(adminLog.createTime, new Date(q.createTimeTo)));
  const cond = where.length ? and(...where) : undefined;
  const dir = q.order === 'asc' ? asc : desc;
  const [rows, [count]] = await Promise.all([
    db
      .select({ log: adminLog, actorName: actor.username, actorAttr: actor.attr, targetUserName: target.username })
      .from(adminLog)
      .leftJoin(actor, eq(actor.id, adminLog.actorId))
      .leftJoin(target, eq(target.id, adminLog.targetUserId))
      .where(cond)
      .orderBy(dir(adminLog.createTime), dir(adminLog.id))
      .limit(q.limit)
      .offset(q.skip),
    db.select({ n: sql<number>`count(*)::int` }).from(adminLog).where(cond),
  ]);
  const data = rows.map(({ log, actorName, actorAttr, targetUserName }) => ({
    id: log.id,
    createTime: log.createTime.toISOString(),
    action: log.action,
    actorId: log.actorId,
    actorName,
    ...(actorAttr?.app ? { actorApp: { id: actorAttr.app.id, name: actorAttr.app.name } } : {}),
    targetUserId: log.targetUserId,
    targetUserName,
    targetCaseId: log.targetCaseId,
    targetEntryId: log.targetEntryId,
    detail: log.detail,
  }));
  return { data, total: Number(count?.n ?? 0) };
}
