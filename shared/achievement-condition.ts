import type { AchievementDef } from './achievements';

/**
 * The translation key (`achievements.conditions.<key>`) and values that explain an achievement's
 * condition, numbers from the catalogue: the profile's cards and `GET /api/achievements` say the same.
 */
export function conditionOf(def: AchievementDef): { key: string; values: Record<string, string | number> } {
  const g = def.goal;
  const values: Record<string, string | number> = { ...g };
  switch (def.group) {
    case 'report':
      return { key: g.confirmedPercent ? 'reportConfirmed' : 'report', values };
    case 'active_community': {
      const window = def.id.includes('weekly') ? 'Weekly' : def.id.includes('monthly') ? 'Monthly' : 'Yearly';
      return { key: `community${window}`, values };
    }
    case 'trend_monthly':
      return { key: g.hot ? 'trendHot' : 'trend', values };
    case 'user_achievement':
      return { key: g.precious ? 'collectorPrecious' : 'collector', values };
    case 'user_subscribes':
      return { key: 'subscribes', values };
    case 'site_20w_report_witnesses':
      return { key: 'site', values };
    case 'open_chat':
      return { key: def.id, values };
    default:
      return { key: def.group, values };
  }
}
