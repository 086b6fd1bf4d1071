import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';

/**
 * A case's counts and times from its timeline, not the original's columns (its commentsNum drifts
 * from its rows): every report, reply, judgement and appeal counts, hidden ones too, as here. A
 * status began at the case's last judgement (or its creation). A suspect (status 2) waits 7 days
 * for a self-certification here (the original never enforced it): its 7 days count from the first
 * import, not from a verdict years ago, so that no case is confirmed by the clock on the first start.
 */
export async function recountCases(db: DbOrTx, firstImport: Date) {
  // One pass over the timeline grouped by case (a count per case looked up case by case took a minute at 200,000 cases).
  await db.execute(sql`
    with tally as (
      select player_id, count(*) filter (where type in ('report', 'reply', 'judgement', 'banAppeal'))::int as n,
        max(create_time) filter (where type = 'judgement') as judged
      from timeline group by player_id),
    counted as (
      select p.id, coalesce(t.n, 0) as n, coalesce(t.judged, p.create_time) as began
      from players p left join tally t on t.player_id = p.id)
    update players p set comments_num = c.n,
      status_time = case when p.status = 2 then greatest(c.began, ${firstImport.toISOString()}::timestamptz) else c.began end
    from counted c
    where c.id = p.id and (p.comments_num, p.status_time) is distinct from (c.n, case when p.status = 2 then greatest(c.began, ${firstImport.toISOString()}::timestamptz) else c.began end)`);
}
