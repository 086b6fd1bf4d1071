import { trendingCases } from '@server/modules/stats/trend';
import type { Condition } from './types';

/**
 * Monthly hot case: the user's own bound account is among the month's trending cases (the list of
 * the statistics page) with enough views, and for level 2 enough activity.
 */
export const trendMonthly: Condition = async ({ db, user }, def) => {
  if (!user.originUserId) return false;
  const trending = await trendingCases(db, 'monthly', def.goal.top!);
  const own = trending.find((t) => t.player.originUserId === user.originUserId);
  if (!own) return false;
  return own.player.viewNum >= (def.goal.views ?? 0) && own.hot >= (def.goal.hot ?? 0);
};
