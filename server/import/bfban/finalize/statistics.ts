import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';

/**
 * The trigger-kept statistics (migration 0003: case counts per game and status, per-day totals)
 * counted again from the rows, in one transaction that holds the counters meanwhile. The day a
 * case was confirmed is the day its status began (`counters.ts`).
 */
export async function recountStatistics(db: Db) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table case_counts, daily_stats in exclusive mode`);
    await tx.execute(sql`delete from case_counts`);
    await tx.execute(sql`
      insert into case_counts (game, status, shard, count)
      select g, status, 0, count(*)::int from (
        select '*' as g, status from players where valid
        union all
        select jsonb_array_elements_text(games), status from players where valid) x
      group by g, status`);
    await tx.execute(sql`delete from daily_stats`);
    await tx.execute(sql`
      insert into daily_stats (day, shard, players, confirmed, users, reports, replies, judgements, appeals)
      select day, 0, sum(players)::int, sum(confirmed)::int, sum(users)::int, sum(reports)::int, sum(replies)::int, sum(judgements)::int, sum(appeals)::int from (
        select tribunal_day(create_time) as day, 1 as players, 0 as confirmed, 0 as users, 0 as reports, 0 as replies, 0 as judgements, 0 as appeals from players where valid
        union all select tribunal_day(status_time), 0, 1, 0, 0, 0, 0, 0 from players where valid and status = 1
        union all select tribunal_day(create_time), 0, 0, 1, 0, 0, 0, 0 from users
        union all select tribunal_day(create_time), 0, 0, 0, (type = 'report')::int, (type = 'reply')::int, (type = 'judgement')::int, (type = 'banAppeal')::int
          from timeline where type in ('report', 'reply', 'judgement', 'banAppeal')) d
      group by day`);
  });
}
