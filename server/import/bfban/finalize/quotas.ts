import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';

/** The storage each account holds, from its files (the original's `usedStorageQuota` is not trusted); today's counters are left as imported. */
export async function recountQuotas(db: DbOrTx) {
  await db.execute(sql`
    insert into media_quotas (user_id, total_bytes, day_start)
    select by_user_id, sum(size), to_timestamp(0) from files where state <> 'failed' group by by_user_id
    on conflict (user_id) do update set total_bytes = excluded.total_bytes where media_quotas.total_bytes is distinct from excluded.total_bytes`);
  await db.execute(sql`
    update media_quotas q set total_bytes = 0
    where q.total_bytes <> 0 and not exists (select 1 from files f where f.by_user_id = q.user_id and f.state <> 'failed')`);
}
