import { and, eq, isNotNull } from 'drizzle-orm';
import { timeline, users } from '@server/db/schema';
import type { Services } from '@server/core/services';
import { communityRanking } from '@server/modules/stats/rankings';
import { trendingCases } from '@server/modules/stats/trend';
import { grantPassive, passiveOfGroup } from './grant';

/** After a case is confirmed: its reporters may have reached a report level. Returns the grants made. */
export async function grantAfterConfirmation(services: Services, playerId: number) {
  const reporters = await services.db
    .selectDistinct({ id: timeline.byUserId })
    .from(timeline)
    .where(and(eq(timeline.playerId, playerId), eq(timeline.type, 'report'), eq(timeline.valid, true), isNotNull(timeline.byUserId)));
  let granted = 0;
  for (const r of reporters) granted += (await grantPassive(services, r.id!, passiveOfGroup('report'))).length;
  return granted;
}

/**
 * Nightly: the members of the community rankings (the statistics page's) and the owners of the
 * month's trending cases are checked for the windowed achievements. Returns the grants made.
 */
export async function grantRankingAchievements(services: Services) {
  const { db } = services;
  const [weekly, monthly, yearly, trending] = await Promise.all([
    communityRanking(db, 'weekly', false),
    communityRanking(db, 'monthly', false),
    communityRanking(db, 'yearly', false),
    trendingCases(db, 'monthly', 10),
  ]);
  const owners = trending.length
    ? await Promise.all(trending.map((t) => db.select({ id: users.id }).from(users).where(eq(users.originUserId, t.player.originUserId))))
    : [];
  let granted = 0;
  // The rankings just read, shared by every check of this run.
  const memo = new Map<string, Promise<unknown>>([
    ['community:weekly', Promise.resolve(weekly)],
    ['community:monthly', Promise.resolve(monthly)],
    ['community:yearly', Promise.resolve(yearly)],
    ['trend:monthly:10', Promise.resolve(trending)],
  ]);
  for (const id of new Set([...weekly, ...monthly, ...yearly].map((u) => u.id))) granted += (await grantPassive(services, id, passiveOfGroup('active_community'), memo)).length;
  for (const id of new Set(owners.flat().map((u) => u.id))) granted += (await grantPassive(services, id, passiveOfGroup('trend_monthly'), memo)).length;
  return granted;
}
