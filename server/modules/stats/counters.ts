import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { StatisticsCounter, StatisticsQuery } from '@shared/schemas/stats';
import { caseCounts, dailyStats, users } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { preparedByKey } from '@server/db/prepared';
import { staffCondition } from './staff';
import { dayOf } from './windows';

const COUNTERS: readonly StatisticsCounter[] = ['reports', 'registers', 'banAppeals', 'players', 'confirmed', 'admins'];

/** The counters a query asks for, in one fixed order. */
export const askedCounters = (q: StatisticsQuery) => COUNTERS.filter((c) => q[c]);

/** One statement per set of asked counters, prepared: a scalar subquery per counter over maintained counters. */
const countersQuery = preparedByKey((db, asked: string) => {
  const since = (col: AnyColumn) => sql<number>`(select coalesce(sum(${col}), 0)::int from ${dailyStats} where ${dailyStats.day} >= ${sql.placeholder('day')})`.mapWith(Number);
  const cases = (status: number) =>
    sql<number>`(select coalesce(sum(${caseCounts.count}), 0)::int from ${caseCounts} where ${status === -1 ? eq(caseCounts.game, '*') : and(eq(caseCounts.game, '*'), eq(caseCounts.status, status))})`.mapWith(Number);
  const all: Record<StatisticsCounter, SQL<number>> = {
    reports: since(dailyStats.reports),
    registers: since(dailyStats.users),
    banAppeals: since(dailyStats.appeals),
    players: cases(-1),
    confirmed: cases(1),
    admins: sql<number>`(select count(*)::int from ${users} where ${staffCondition()})`.mapWith(Number),
  };
  const fields = Object.fromEntries(asked.split(',').map((k) => [k, all[k as StatisticsCounter]]));
  return db.select(fields).from(sql`(select 1) as one`).prepare(`statistics_${asked.replace(/,/g, '_')}`);
});

/**
 * The counters a client asked for, and only those (`GET /statistics`), read from
 * maintained counters: reports, registrations and appeals since `from`'s day; cases and confirmed
 * cases as they stand now; staff members. One statement.
 */
export async function statisticsCounters(db: DbOrTx, q: StatisticsQuery): Promise<Partial<Record<StatisticsCounter, number>>> {
  const asked = askedCounters(q);
  if (!asked.length) return {};
  const needsDay = asked.some((c) => c === 'reports' || c === 'registers' || c === 'banAppeals');
  const [row] = await countersQuery(db, asked.join(',')).execute(needsDay ? { day: dayOf(q.from) } : {});
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v ?? 0)]));
}
