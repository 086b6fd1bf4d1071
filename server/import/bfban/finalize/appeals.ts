import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';

/**
 * Appeals as Tribunal keeps them (server/modules/appeals/): each knows the status its case had
 * before it (the last verdict before it: a suspect verdict means 2, any other 1, the statuses an
 * appeal is filed from); a closed one is accepted when the next verdict on its case accepted it
 * (shared/judgement.ts `appealOutcomeOf`), else failed; the newest appeal of a case still under
 * appeal (status 9, which the original never left) waits for a verdict. The case shows its newest
 * appeal's state; the original's own flag ('1', '2') is not trusted.
 */
export async function settleAppeals(db: DbOrTx) {
  await db.execute(sql`
    with a as (
      select t.id, t.player_id, t.create_time, t.appeal_status,
        (select j.judge_action from timeline j where j.player_id = t.player_id and j.type = 'judgement' and j.id < t.id order by j.id desc limit 1) as before_action,
        (select j.judge_action from timeline j where j.player_id = t.player_id and j.type = 'judgement' and j.id > t.id
           and j.judge_action not in ('discuss', 'more') order by j.id limit 1) as next_action,
        t.id = (select max(l.id) from timeline l where l.player_id = t.player_id and l.type = 'banAppeal') as newest,
        p.status as case_status
      from timeline t join players p on p.id = t.player_id
      where t.type = 'banAppeal'),
    s as (
      select id, jsonb_build_object('statusBefore', case when before_action = 'suspect' then 2 else 1 end) as before,
        case
          when appeal_status in ('fail', 'accept') and newest and case_status = 9 then 'unprocessed'
          when appeal_status in ('fail', 'accept') then case when next_action in ('innocent', 'farm', 'invalid', 'suspect') then 'accept' else 'fail' end
          else appeal_status end as state
      from a)
    update timeline t set extra = coalesce(t.extra, '{}'::jsonb) || s.before, appeal_status = s.state
    from s where s.id = t.id and (coalesce(t.extra, '{}'::jsonb) || s.before, s.state) is distinct from (t.extra, t.appeal_status)`);
  await db.execute(sql`
    with newest as (
      select distinct on (player_id) player_id, appeal_status from timeline where type = 'banAppeal' order by player_id, id desc)
    update players p set appeal_status = n.appeal_status
    from players p2 left join newest n on n.player_id = p2.id
    where p.id = p2.id and p.appeal_status is distinct from n.appeal_status`);
}
