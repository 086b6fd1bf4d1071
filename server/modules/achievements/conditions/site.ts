import { statisticsCounters } from '@server/modules/stats/counters';
import type { Condition } from './types';

/** 200k witness: the site has received at least `count` reports in all (the statistics page's counter). */
export const siteReports: Condition = async ({ db }, def) => {
  const { reports = 0 } = await statisticsCounters(db, { reports: true, players: false, confirmed: false, registers: false, admins: false, banAppeals: false, from: 0 });
  return reports >= def.goal.count!;
};
