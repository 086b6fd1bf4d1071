import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';

/**
 * `case_view_order` from the cases (its trigger, migration 0036, is left out in bulk mode with the
 * others): the cases missing from it added, changed ones brought up to date, removed ones dropped.
 * Returns how many rows it wrote.
 */
export async function syncCaseViewOrder(db: Db): Promise<number> {
  const { rows } = (await db.execute(sql`
    with upserted as (
      insert into case_view_order (case_id, status, valid, games, view_num) select id, status, valid, games, view_num from players
      on conflict (case_id) do update set status = excluded.status, valid = excluded.valid, games = excluded.games, view_num = excluded.view_num
      where (case_view_order.status, case_view_order.valid, case_view_order.games, case_view_order.view_num)
        is distinct from (excluded.status, excluded.valid, excluded.games, excluded.view_num)
      returning 1),
    removed as (delete from case_view_order o where not exists (select 1 from players p where p.id = o.case_id) returning 1)
    select (select count(*) from upserted)::int + (select count(*) from removed)::int as n`)) as unknown as { rows: Array<{ n: number }> };
  return Number(rows[0]?.n ?? 0);
}
