import { and, asc, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { sortFor, type SearchQuery, type SearchSort } from '@shared/schemas/search';
import { users } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { preparedByKey, UNNAMED } from '@server/db/prepared';
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

type UserSort = SearchSort<'user'>;

/** What tells one user search's SQL from another's: the sort and which join-time bounds it has. */
type UserSearchShape = `${UserSort}|${0 | 1}${0 | 1}`;

const shapeOf = (q: SearchQuery): UserSearchShape =>
  `${sortFor('user', q.sort)}|${q.createTimeFrom === undefined ? 0 : 1}${q.createTimeTo === undefined ? 0 : 1}`;

/** What a sort orders by, selected under names of their own so that the page's rows can be ordered again once joined. */
const sortKeys = {
  default: { exact: sql<boolean>`lower(${users.username}) = ${sql.placeholder('param')}`.as('exact'), len: sql<number>`length(${users.username})`.as('len') },
  joinedAt: { at: sql<Date>`${users.createTime}`.as('sort_at') },
  lastOnlineTime: { at: sql<Date>`${users.updateTime}`.as('sort_at') },
};

type Keys = { id: unknown } & Partial<Record<'exact' | 'len' | 'at', SQL.Aliased | AnyColumn>>;

/** The order of a sort, by its keys (the inner statement's own, or the page's once joined): the user's name itself first, then the shortest names; or the newest. */
const orderOf = (sort: UserSort, k: Keys): SQL[] =>
  sort === 'default' ? [desc(sql`${k.exact}`), asc(sql`${k.len}`), asc(sql`${k.id}`)] : [desc(sql`${k.at}`), desc(sql`${k.id}`)];

/**
 * The statements of one shape, built once (`preparedByKey`) and sent unnamed: each run is planned
 * with its own pattern, since a part of a name common to thousands of users and one held by a few
 * want different plans. The matches are counted and sorted by their ids and sort keys alone, and
 * only the page's users are read in full: a part of a name 8,000 users hold took 22-25 ms instead
 * of 29-40 ms with every match's whole row carried through the count and the sort. Placeholders:
 * `pattern` (`containsPattern`), `param` (the lower-cased text), `from` and `to` (ISO times),
 * `limit`, `skip`.
 */
const userSearch = preparedByKey((db, shape: UserSearchShape) => {
  const [sort, bounds] = shape.split('|') as [UserSort, string];
  const where: SQL[] = [sql`lower(${users.username}) LIKE ${sql.placeholder('pattern')} ESCAPE '\\'`, eq(users.valid, true)];
  if (bounds[0] === '1') where.push(sql`${users.createTime} >= ${sql.placeholder('from')}::timestamptz`);
  if (bounds[1] === '1') where.push(sql`${users.createTime} <= ${sql.placeholder('to')}::timestamptz`);
  const keys = sortKeys[sort];
  const page = db
    .select({ id: users.id, total: sql<number>`count(*) over ()`.as('total'), ...keys })
    .from(users)
    .where(and(...where))
    .orderBy(...orderOf(sort, { id: users.id, ...keys }))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('skip'))
    .as('page');
  return {
    page: db
      .select({ ...columns, total: sql<number>`${page.total}`.mapWith(Number) })
      .from(page)
      .innerJoin(users, eq(users.id, page.id))
      .orderBy(...orderOf(sort, page as unknown as Keys))
      .prepare(UNNAMED),
    count: db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(users).where(and(...where)).prepare(UNNAMED),
  };
});

/**
 * Valid users whose name contains `param`, any case (trigram index `users_username_trgm`), with the
 * exact number of them. The page and the total come from one statement (`count(*) over ()`): a
 * broad part of a name ("silent") matches thousands of users, and each of them is checked against
 * the pattern once instead of once for the page and again for the count.
 */
export async function searchUsers(db: DbOrTx, q: SearchQuery) {
  const param = q.param.toLowerCase();
  const query = userSearch(db, shapeOf(q));
  const values = {
    pattern: containsPattern(param),
    ...(q.createTimeFrom !== undefined && { from: new Date(q.createTimeFrom).toISOString() }),
    ...(q.createTimeTo !== undefined && { to: new Date(q.createTimeTo).toISOString() }),
  };
  const page = await query.page.execute({ ...values, param, limit: q.limit, skip: q.skip });
  const rows = page.map(({ total: _, ...row }) => row);
  if (page.length) return { rows, total: page[0]!.total };
  // Nothing on the first page: nothing at all. Past the last page: the count alone.
  if (q.skip === 0) return { rows, total: 0 };
  const [count] = await query.count.execute(values);
  return { rows, total: count?.n ?? 0 };
}

export type UserHitRow = Awaited<ReturnType<typeof searchUsers>>['rows'][number];
