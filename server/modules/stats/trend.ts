import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { TimeWindow } from '@shared/schemas/stats';
import { players, timeline } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { windowStart } from './windows';

/** What counts as activity on a case: what people write on it (name changes do not). */
const HOT_TYPES = ['report', 'reply', 'judgement', 'banAppeal'] as const;

/**
 * Trending cases: those with the most visible timeline entries written inside the window (read
 * through the time index), busiest first, then the most recently active. `hot` is that count.
 * (The original counted among the latest 200 entries only and kept cases *created* in the window.)
 */
export async function trendingCases(db: DbOrTx, time: TimeWindow, limit: number) {
  const activity = db
    .select({
      playerId: timeline.playerId,
      hot: sql<number>`count(*)::int`.as('hot'),
      lastTime: sql<Date>`max(${timeline.createTime})`.as('last_time'),
    })
    .from(timeline)
    .where(and(gte(timeline.createTime, windowStart(time)), eq(timeline.valid, true), inArray(timeline.type, [...HOT_TYPES])))
    .groupBy(timeline.playerId)
    .as('activity');
  return db
    .select({ player: players, hot: activity.hot })
    .from(activity)
    .innerJoin(players, and(eq(players.id, activity.playerId), eq(players.valid, true)))
    .orderBy(desc(activity.hot), desc(activity.lastTime), desc(players.id))
    .limit(limit);
}
