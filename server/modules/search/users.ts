import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { sortFor, type SearchQuery, type SearchSort } from '@shared/schemas/search';
import { users } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { containsPattern } from './like';

/** Only what a public list may show of a user. */
const columns = {
  id: users.id,
  username: users.username,
  originEmail: users.originEmail,
  attr: users.attr,
  privileges: users.privileges,
  createTime: users.createTime,
  updateTime: users.updateTime,
};

/**
 * Valid users whose name contains `param`, any case (trigram index `users_username_trgm`), with the
 * exact number of them. The page and the total come from one statement (`count(*) over ()`): a
 * broad part of a name ("silent") matches thousands of users, and each of them is checked against
 * the pattern once instead of once for the page and again for the count.
 */
export async function searchUsers(db: DbOrTx, q: SearchQuery) {
  const param = q.param.toLowerCase();
  const conds: SQL[] = [sql`lower(${users.username}) LIKE ${containsPattern(param)} ESCAPE '\\'`, eq(users.valid, true)];
  if (q.createTimeFrom !== undefined) conds.push(gte(users.createTime, new Date(q.createTimeFrom)));
  if (q.createTimeTo !== undefined) conds.push(lte(users.createTime, new Date(q.createTimeTo)));
  const where = and(...conds);
  const orders: Record<SearchSort<'user'>, SQL[]> = {
    default: [desc(sql`lower(${users.username}) = ${param}`), asc(sql`length(${users.username})`), asc(users.id)],
    joinedAt: [desc(users.createTime), desc(users.id)],
    lastOnlineTime: [desc(users.updateTime), desc(users.id)],
  };
  const page = await db
    .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .where(where)
    .orderBy(...orders[sortFor('user', q.sort)])
    .limit(q.limit)
    .offset(q.skip);
  const rows = page.map(({ total: _, ...row }) => row);
  if (page.length) return { rows, total: page[0]!.total };
  // Nothing on the first page: nothing at all. Past the last page: the count alone.
  if (q.skip === 0) return { rows, total: 0 };
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

export type UserHitRow = Awaited<ReturnType<typeof searchUsers>>['rows'][number];
