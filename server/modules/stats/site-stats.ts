import { asc } from 'drizzle-orm';
import { dailyStats } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { dayOf } from './windows';

/** The charts start when the original site's data starts (2018-10-12). */
const SITE_STATS_START = Date.parse('2018-10-12T00:00:00.000Z');
const SITE_STATS_SLICES = 20;

export interface SitePoint {
  time: string;
  num: number;
}

/**
 * Cumulative cases, confirmed cases and users at 21 instants from the start to `now` (20 equal
 * slices), from the trigger-kept per-day totals: each point counts every day up to its own.
 */
export async function siteStats(db: DbOrTx, now = Date.now()) {
  const days = await db
    .select({ day: dailyStats.day, players: dailyStats.players, confirmed: dailyStats.confirmed, users: dailyStats.users })
    .from(dailyStats)
    .orderBy(asc(dailyStats.day));
  const out = { playerStats: [] as SitePoint[], confirmStats: [] as SitePoint[], userStats: [] as SitePoint[] };
  const sum = { players: 0, confirmed: 0, users: 0 };
  let next = 0;
  for (let i = 0; i <= SITE_STATS_SLICES; i++) {
    const at = SITE_STATS_START + Math.round(((now - SITE_STATS_START) * i) / SITE_STATS_SLICES);
    const day = dayOf(at);
    for (; next < days.length && days[next]!.day <= day; next++) {
      sum.players += days[next]!.players;
      sum.confirmed += days[next]!.confirmed;
      sum.users += days[next]!.users;
    }
    const time = new Date(at).toISOString();
    out.playerStats.push({ time, num: sum.players });
    out.confirmStats.push({ time, num: sum.confirmed });
    out.userStats.push({ time, num: sum.users });
  }
  return out;
}
