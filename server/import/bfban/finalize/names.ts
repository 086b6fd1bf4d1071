import { sql } from 'drizzle-orm';
import { nameKey } from '@shared/names';
import type { Db } from '@server/db/client';

const PAGE = 5_000;

/**
 * Search finds a case by every name it had (name_history): a case whose current name the
 * original never logged gets it, from its creation to its last update.
 */
export async function addCurrentNames(db: Db): Promise<number> {
  let added = 0;
  for (let after = 0; ; ) {
    const { rows } = (await db.execute(sql`
      select p.id, p.origin_name, p.create_time, p.update_time from players p
      where p.id > ${after} and p.origin_name <> ''
        and not exists (select 1 from name_history n where n.player_id = p.id and n.origin_name = p.origin_name)
      order by p.id limit ${PAGE}`)) as unknown as { rows: Array<{ id: number; origin_name: string; create_time: string | Date; update_time: string | Date }> };
    if (!rows.length) return added;
    const values = rows.map((r) => ({ player_id: r.id, origin_name: r.origin_name, name_key: nameKey(r.origin_name).slice(0, 64), from_time: new Date(r.create_time).toISOString(), to_time: new Date(r.update_time).toISOString() }));
    await db.execute(sql`insert into name_history (player_id, origin_name, name_key, from_time, to_time)
      select player_id, origin_name, name_key, from_time, to_time from json_populate_recordset(null::name_history, ${JSON.stringify(values)}::json)
      on conflict (player_id, origin_name) do nothing`);
    added += rows.length;
    after = rows[rows.length - 1]!.id;
  }
}
