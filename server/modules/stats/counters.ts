import { and, eq, gte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { StatisticsCounter, StatisticsQuery } from '@shared/schemas/stats';
import { caseCounts, dailyStats, users } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { staffCondition } from './staff';
import { dayOf } from './windows';

/**
 * The counters a client asked for, and only those (reference §8 `/statistics`), read from
 * maintained counters: reports, registrations and appeals since `from`'s day; cases and confirmed
 * cases as they stand now; staff members. One statement, one scalar subquery per counter.
 */
export async function statisticsCounters(db: DbOrTx, q: StatisticsQuery): Promise<Partial<Record<StatisticsCounter, number>>> {
  const since = (col: AnyColumn) => sql<number>`(select coalesce(sum(${col}), 0)::int from ${dailyStats} where ${gte(dailyStats.day, dayOf(q.from))})`.mapWith(Number);
  const cases = (status: number) =>
    sql<number>`(select coalesce(sum(${caseCounts.count}), 0)::int from ${caseCounts} where ${status === -1 ? eq(caseCounts.game, '*') : and(eq(caseCounts.game, '*'), eq(caseCounts.status, status))})`.mapWith(Number);
  const fields: Partial<Record<StatisticsCounter, SQL<number>>> = {};
  if (q.reports) fields.reports = since(dailyStats.reports);
  if (q.registers) fields.registers = since(dailyStats.users);
  if (q.banAppeals) fields.banAppeals = since(dailyStats.appeals);
  if (q.players) fields.players = cases(-1);
  if (q.confirmed) fields.confirmed = cases(1);
  if (q.admins) fields.admins = sql<number>`(select count(*)::int from ${users} where ${staffCondition()})`.mapWith(Number);
  if (!Object.keys(fields).length) return {};
  const [row] = await db.select(fields as Record<string, SQL<number>>).from(sql`(select 1) as one`);
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v ?? 0)]));
}
