import { sql } from 'drizzle-orm';
import { ACHIEVEMENT_EPOCH, ACHIEVEMENTS } from '@shared/achievements';
import type { DbOrTx } from '@server/db/client';

/**
 * Achievements the data earns (report levels, granted by a job here when a case is confirmed):
 * counted for every reporter at once from the imported reports, each level on the one below, as
 * `server/modules/achievements/conditions/reports.ts` decides it for one user. Owned ones were
 * imported as they were; nothing is taken away. Given at `at` (the first import), without notices.
 */
export async function grantEarnedAchievements(db: DbOrTx, at: Date): Promise<number> {
  let granted = 0;
  const levels = ACHIEVEMENTS.filter((a) => a.group === 'report').sort((a, b) => a.level - b.level);
  for (const def of levels) {
    const percent = def.goal.confirmedPercent;
    const { rows } = (await db.execute(sql`
      with tally as (
        select t.by_user_id as user_id, count(*) as total, count(*) filter (where p.status = 1) as confirmed
        from timeline t join players p on p.id = t.player_id
        where t.type = 'report' and t.valid and t.by_user_id is not null and t.create_time >= ${ACHIEVEMENT_EPOCH}::timestamptz
        group by t.by_user_id)
      insert into user_achievements (user_id, achievement_id, acquired_time)
      select tally.user_id, ${def.id}, ${at.toISOString()}::timestamptz from tally join users u on u.id = tally.user_id
      where u.valid and not (u.privileges ? 'bot') and tally.total >= ${def.goal.count ?? 0}
        and (${percent ?? null}::int is null or tally.confirmed * 100 >= ${percent ?? 0} * tally.total)
        and (${def.requires ?? null}::text is null or exists (select 1 from user_achievements r where r.user_id = tally.user_id and r.achievement_id = ${def.requires ?? ''}))
      on conflict do nothing
      returning 1`)) as unknown as { rows: unknown[] };
    granted += rows.length;
  }
  return granted;
}
