import type { TimeWindow } from '@shared/schemas/stats';
import { communityRanking } from '@server/modules/stats/rankings';
import { isBot, once, type Condition } from './types';

const WINDOW_OF: Record<string, TimeWindow> = {
  active_community_weekly_l1: 'weekly',
  active_community_monthly_l1: 'monthly',
  active_community_monthly_l2: 'monthly',
  active_community_yearly_l1: 'yearly',
  active_community_yearly_l2: 'yearly',
};

/**
 * Community contribution: within the top N of the window's community ranking, the very ranking of
 * the statistics page (which already leaves out blacklisted, muted and bot accounts).
 */
export const communityTop: Condition = async (ctx, def) => {
  const { db, user } = ctx;
  if (isBot(user)) return false;
  const window = WINDOW_OF[def.id]!;
  const ranking = await once(ctx, `community:${window}`, () => communityRanking(db, window, false));
  return ranking.slice(0, def.goal.top).some((r) => r.id === user.id);
};
