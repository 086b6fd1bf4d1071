import type { AchievementDef, AchievementGroup } from '@shared/achievements';
import type { Condition, ConditionContext } from './types';
import { reportLevel } from './reports';
import { openChatL1, openChatL2 } from './chat';
import { communityTop } from './community';
import { trendMonthly } from './trend';
import { collector } from './collector';
import { subscribes } from './subscribes';
import { always, innocentCase, mobileApp, oldUser } from './account';
import { siteReports } from './site';

const BY_GROUP: Record<Exclude<AchievementGroup, 'open_chat'>, Condition> = {
  one_search_player: always,
  old_user: oldUser,
  report: reportLevel,
  active_community: communityTop,
  user_innocent_case: innocentCase,
  trend_monthly: trendMonthly,
  user_achievement: collector,
  user_subscribes: subscribes,
  site_20w_report_witnesses: siteReports,
  app_use_mobile: mobileApp,
};

const conditionOf = (def: AchievementDef): Condition => (def.group === 'open_chat' ? (def.level === 1 ? openChatL1 : openChatL2) : BY_GROUP[def.group]);

/** Whether the user may have `def` now: its previous level owned, and its condition true. */
export async function meetsCondition(ctx: ConditionContext, def: AchievementDef): Promise<boolean> {
  if (def.requires && !ctx.owned.has(def.requires)) return false;
  return conditionOf(def)(ctx, def);
}

export type { ConditionContext } from './types';
