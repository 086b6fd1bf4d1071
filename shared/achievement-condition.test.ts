import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS } from './achievements';
import { conditionOf } from './achievement-condition';

const en = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../locales/en-US.json'), 'utf8'));

describe('achievement conditions explained', () => {
  it('has an explanation and a name for every achievement, with every number it mentions', () => {
    for (const def of ACHIEVEMENTS) {
      const { key, values } = conditionOf(def);
      const text = en.achievements.conditions[key] as string | undefined;
      expect(text, def.id).toBeTypeOf('string');
      for (const [, name] of text!.matchAll(/\{\{(\w+)\}\}/g)) expect(values[name!], `${def.id} ${name}`).toBeDefined();
      expect(en.achievements.names[def.id], def.id).toBeTypeOf('string');
    }
  });

  it('tells the levels of a group apart', () => {
    const byId = Object.fromEntries(ACHIEVEMENTS.map((a) => [a.id, conditionOf(a)]));
    expect(byId.report_l1!.key).toBe('report');
    expect(byId.report_l3).toEqual({ key: 'reportConfirmed', values: { count: 300, confirmedPercent: 96 } });
    expect(byId.active_community_monthly_l2).toEqual({ key: 'communityMonthly', values: { top: 3 } });
    expect(byId.user_achievement_l4).toEqual({ key: 'collectorPrecious', values: { count: 16, precious: 3 } });
  });
});
