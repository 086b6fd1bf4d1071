import { and, desc, eq, sql } from 'drizzle-orm';
import { players, timeline } from '@server/db/schema';
import type { Db } from '@server/db/client';

/** The cases a user reported, newest report first, one line per case (`GET /user/reports`). */
export async function reportsBy(db: Db, userId: number, page: number, limit: number) {
  const mine = db
    .select({ playerId: timeline.playerId, last: sql<Date>`max(${timeline.createTime})`.as('last') })
    .from(timeline)
    .where(and(eq(timeline.byUserId, userId), eq(timeline.type, 'report')))
    .groupBy(timeline.playerId)
    .as('mine');
  const [rows, [count]] = await Promise.all([
    db
      .select({ p: players })
      .from(mine)
      .innerJoin(players, eq(players.id, mine.playerId))
      .orderBy(desc(mine.last), desc(players.id))
      .limit(limit)
      .offset(page * limit),
    db.select({ n: sql<number>`count(distinct ${timeline.playerId})::int` }).from(timeline).where(and(eq(timeline.byUserId, userId), eq(timeline.type, 'report'))),
  ]);
  const data = rows.map(({ p }) => ({
    id: p.id,
    originName: p.originName,
    originuserId: p.originUserId,
    originUserId: p.originUserId,
    originPersonaId: p.originPersonaId,
    status: p.status,
    games: p.games,
    updateTime: p.updateTime.toISOString(),
    createTime: p.createTime.toISOString(),
    avatarLink: p.avatarLink,
  }));
  return { data, total: Number(count?.n ?? 0) };
}

/** reportNum and statusNum {0, 1, 4} of the user profile: reports written, and their cases by status now. */
export async function reportStats(db: Db, userId: number) {
  const rows = await db
    .select({ status: players.status, n: sql<number>`count(*)::int` })
    .from(players)
    .where(sql`${players.id} in (select ${timeline.playerId} from ${timeline} where ${timeline.byUserId} = ${userId} and ${timeline.type} = 'report')`)
    .groupBy(players.status);
  const [reports] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(timeline)
    .where(and(eq(timeline.byUserId, userId), eq(timeline.type, 'report')));
  const statusNum: Record<string, number> = { 0: 0, 1: 0, 4: 0 };
  for (const r of rows) if (String(r.status) in statusNum) statusNum[String(r.status)] = Number(r.n);
  return { reportNum: Number(reports?.n ?? 0), statusNum };
}
