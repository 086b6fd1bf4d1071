import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { JudgementLogQuery } from '@shared/schemas/judgement';
import { timeline, users } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { containsPattern } from '@server/modules/search/like';

/** Every judgement, newest first, filtered by admin, case and time (staff only; hidden ones included). */
export async function judgementLog(db: DbOrTx, q: JudgementLogQuery) {
  const where: SQL[] = [eq(timeline.type, 'judgement')];
  if (q.userId) where.push(eq(timeline.byUserId, q.userId));
  // Part of the judge's name, any case, as the original's log matched it.
  if (q.userName) where.push(sql`lower(${users.username}) LIKE ${containsPattern(q.userName.toLowerCase())} ESCAPE '\\'`);
  if (q.dbId) where.push(eq(timeline.playerId, q.dbId));
  if (q.createTimeFrom !== undefined) where.push(gte(timeline.createTime, new Date(q.createTimeFrom)));
  if (q.createTimeTo !== undefined) where.push(lte(timeline.createTime, new Date(q.createTimeTo)));
  const cond = and(...where);
  const base = db.select().from(timeline).leftJoin(users, eq(users.id, timeline.byUserId));
  const [rows, [count]] = await Promise.all([
    base.where(cond).orderBy(desc(timeline.createTime), desc(timeline.id)).limit(q.limit).offset(q.skip),
    db.select({ n: sql<number>`count(*)::int` }).from(timeline).leftJoin(users, eq(users.id, timeline.byUserId)).where(cond),
  ]);
  const data = rows.map(({ timeline: t, users: u }) => ({
    id: t.id,
    createTime: t.createTime.toISOString(),
    judgeAction: t.judgeAction,
    byUserId: t.byUserId,
    username: u?.username ?? null,
    privilege: u?.privileges ?? [],
    toPlayerId: t.playerId,
    toOriginName: t.toOriginName,
    toOriginPersonaId: t.toOriginPersonaId,
    toOriginUserId: t.toOriginUserId,
    content: t.content,
    cheatMethods: t.cheatMethods ?? [],
    hackerLevel: t.hackerLevel,
    valid: t.valid,
  }));
  return { data, total: Number(count?.n ?? 0) };
}
