import { and, eq, gte, sql } from 'drizzle-orm';
import { ACHIEVEMENT_EPOCH } from '@shared/achievements';
import { players, timeline } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { isBot, type Condition } from './types';

/** The user's visible reports since the epoch, and how many of them are on cases now confirmed (status 1). */
export async function reportTally(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      confirmed: sql<number>`count(*) filter (where ${players.status} = 1)::int`,
    })
    .from(timeline)
    .innerJoin(players, eq(players.id, timeline.playerId))
    .where(and(eq(timeline.byUserId, userId), eq(timeline.type, 'report'), eq(timeline.valid, true), gte(timeline.createTime, new Date(ACHIEVEMENT_EPOCH))));
  return { total: Number(row?.total ?? 0), confirmed: Number(row?.confirmed ?? 0) };
}

/**
 * Report levels: at least `count` reports since 2024-01-01; from level 2 on, at least
 * `confirmedPercent` of them on confirmed cases. Never bots. (The original site's level 2 could not be
 * reached and levels 3-5 counted everyone's confirmed reports.)
 */
export const reportLevel: Condition = async ({ db, user }, def) => {
  if (isBot(user)) return false;
  const { total, confirmed } = await reportTally(db, user.id);
  if (total < def.goal.count!) return false;
  const percent = def.goal.confirmedPercent;
  return percent === undefined || confirmed * 100 >= percent * total;
};
