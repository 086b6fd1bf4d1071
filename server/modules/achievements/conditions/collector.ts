import { isPrecious } from '@shared/achievements';
import type { Condition } from './types';

/** Achievement collector: owns at least `count` achievements, `precious` of them of the precious rarity. */
export const collector: Condition = async ({ owned }, def) => {
  const precious = [...owned].filter(isPrecious).length;
  return owned.size >= def.goal.count! && precious >= (def.goal.precious ?? 0);
};
