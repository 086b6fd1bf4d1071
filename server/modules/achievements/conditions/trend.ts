import { trendingCases } from '@server/modules/stats/trend';
import { once, type Condition } from './types';

/**
 * Monthly hot case: the user's own bound account is among the month's trending cases (the list of
 * the statistics page) with enough views, and for level 2 enough activity.
 */
export const trendMonthly: Condition = async (ctx, def) => {
  const { db, user } = ctx;
  if (!user.originUserId) return false;
  const top = def.goal.top!;
  const trending = await once(ctx, `trend:monthly:${top}`, () => trendingCases(db, 'monthly', top));
  const own = trending.find((t) => t.player.originUserId === user.originUserId);
  if (!own) return false;
  return own.player.viewNum >= (def.goal.views ?? 0) && own.hot >= (def.goal.hot ?? 0);
};
