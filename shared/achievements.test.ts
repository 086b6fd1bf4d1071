import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, achievementById, experienceOf, showcaseOf } from './achievements';

describe('achievement catalogue', () => {
  it('has every id of the reference, once', () => {
    const ids = ACHIEVEMENTS.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(
      [
        'one_search_player',
        'old_user',
        'report_l1', 'report_l2', 'report_l3', 'report_l4', 'report_l5',
        'open_chat_l1', 'open_chat_l2',
        'active_community_weekly_l1', 'active_community_monthly_l1', 'active_community_monthly_l2', 'active_community_yearly_l1', 'active_community_yearly_l2',
        'user_innocent_case',
        'trend_monthly_l1', 'trend_monthly_l2',
        'user_achievement_l1', 'user_achievement_l2', 'user_achievement_l3', 'user_achievement_l4',
        'user_subscribes_l1', 'user_subscribes_l2',
        'site_20w_report_witnesses',
        'app_use_mobile',
      ].sort(),
    );
  });

  it('keeps the reference points', () => {
    const points = Object.fromEntries(ACHIEVEMENTS.map((a) => [a.id, a.points]));
    expect(points).toMatchObject({ open_chat_l1: 0.5, open_chat_l2: 5, old_user: 100, report_l1: 10, report_l5: 70, active_community_yearly_l2: 60, user_achievement_l4: 15, app_use_mobile: 1 });
  });

  it('requires only earlier levels of the same group', () => {
    for (const a of ACHIEVEMENTS.filter((x) => x.requires)) {
      const prev = achievementById(a.requires!)!;
      expect(prev.group).toBe(a.group);
      expect(prev.level).toBe(a.level - 1);
    }
  });

  it('has enough precious achievements besides the collector for collector level 4 to be reachable', () => {
    const precious = ACHIEVEMENTS.filter((a) => a.rarity === 'preciousness' && a.group !== 'user_achievement');
    expect(precious.length).toBeGreaterThanOrEqual(achievementById('user_achievement_l4')!.goal.precious!);
    expect(ACHIEVEMENTS.length).toBeGreaterThan(achievementById('user_achievement_l4')!.goal.count!);
  });

  it('sums experience, ignoring unknown ids', () => {
    expect(experienceOf(['open_chat_l1', 'report_l1', 'nope'])).toBe(10.5);
    expect(experienceOf([])).toBe(0);
  });

  it('shows card-worthy ones, rarest first then newest', () => {
    const shown = showcaseOf({ one_search_player: 5, report_l1: 1, report_l2: 3, old_user: 2, app_use_mobile: 1 }).map((a) => a.id);
    expect(shown).toEqual(['app_use_mobile', 'old_user', 'report_l2', 'report_l1']);
  });
});
