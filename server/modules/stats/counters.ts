import { gte, sql, type AnyColumn } from 'drizzle-orm';
import type { StatisticsCounter, StatisticsQuery } from '@shared/schemas/stats';
import { dailyStats } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { countedCases } from '@server/modules/cases/list';
import { countStaff } from './staff';
import { dayOf } from './windows';

/** Sums of the trigger-kept per-day totals from the UTC day of `from` on. */
async function sinceDay(db: DbOrTx, from: number) {
  const sum = (col: AnyColumn) => sql<number>`coalesce(sum(${col}), 0)::int`;
  const [row] = await db
    .select({ reports: sum(dailyStats.reports), registers: sum(dailyStats.users), banAppeals: sum(dailyStats.appeals) })
    .from(dailyStats)
    .where(gte(dailyStats.day, dayOf(from)));
  return { reports: Number(row?.reports ?? 0), registers: Number(row?.registers ?? 0), banAppeals: Number(row?.banAppeals ?? 0) };
}

/**
 * The counters a client asked for, and only those (reference §8 `/statistics`), read from
 * maintained counters: reports, registrations and appeals since `from`'s day; cases and confirmed
 * cases as they stand now; staff members.
 */
export async function statisticsCounters(db: DbOrTx, q: StatisticsQuery): Promise<Partial<Record<StatisticsCounter, number>>> {
  const out: Partial<Record<StatisticsCounter, number>> = {};
  const tasks: Promise<void>[] = [];
  if (q.reports || q.registers || q.banAppeals) {
    tasks.push(
      sinceDay(db, q.from).then((s) => {
        if (q.reports) out.reports = s.reports;
        if (q.registers) out.registers = s.registers;
        if (q.banAppeals) out.banAppeals = s.banAppeals;
      }),
    );
  }
  if (q.players) tasks.push(countedCases(db, '*', -1).then((n) => void (out.players = n)));
  if (q.confirmed) tasks.push(countedCases(db, '*', 1).then((n) => void (out.confirmed = n)));
  if (q.admins) tasks.push(countStaff(db).then((n) => void (out.admins = n)));
  await Promise.all(tasks);
  return out;
}
