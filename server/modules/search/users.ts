import { and, asc, gte, lte, sql, type SQL } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import { sortFor, type SearchQuery, type SearchSort } from '@shared/schemas/search';
import { users } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';
import { newestFirst } from '@server/db/order';
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

const lowerName = sql`lower(${users.username})`;

/** Each sort down the index it is read from when a part of a name matches many users (`broadPage`). */
const SORT_INDEX_ORDER: Record<Exclude<UserSort, 'default'>, SQL[]> = {
  joinedAt: [newestFirst(users.createTime), newestFirst(users.id)],
  lastOnlineTime: [newestFirst(users.updateTime), newestFirst(users.id)],
};

/**
 * Valid users whose name contains `param`, any case (trigram index `users_username_trgm`), with
 * their number up to `LIMITS.searchTotalMax` (that number then means "this many or more", as for
 * players). A part few names hold is answered in one statement: its matches, sorted and paged, with
 * their number. A broad part ("silent" in a tenth of the names) is not sorted whole: its page is
 * read down the sort's own index, checking each name, and stops once the page is full.
 */
export async function searchUsers(db: DbOrTx, q: SearchQuery) {
  const param = q.param.toLowerCase();
  const filters: SQL[] = [sql`${users.valid}`];
  if (q.createTimeFrom !== undefined) filters.push(gte(users.createTime, new Date(q.createTimeFrom)));
  if (q.createTimeTo !== undefined) filters.push(lte(users.createTime, new Date(q.createTimeTo)));
  const matching = [sql`${lowerName} LIKE ${containsPattern(param)} ESCAPE '\\'`, ...filters];
  const sort = sortFor('user', q.sort);
  const max = LIMITS.searchTotalMax;

  const first = await fewMatchesPage(db, matching, param, sort, q);
  // An empty page past the first: the number of matches alone.
  const total = first.length ? first[0]!.total : q.skip === 0 ? 0 : await cappedCount(db, matching);
  const rows = first.map(({ total: _, ...row }) => row);
  if (total <= max) return { rows, total };
  return { rows: await broadPage(db, matching, filters, param, sort, q), total: max };
}

/**
 * The page among the first `searchTotalMax + 1` matches, with their number: the whole answer when
 * there are no more (the number is then exact).
 */
async function fewMatchesPage(db: DbOrTx, matching: SQL[], param: string, sort: UserSort, q: SearchQuery) {
  const hits = db.$with('hits').as(db.select(columns).from(users).where(and(...matching)).limit(LIMITS.searchTotalMax + 1));
  const orders: Record<UserSort, SQL[]> = {
    default: [sql`lower(${hits.username}) = ${param} desc`, asc(sql`length(${hits.username})`), asc(hits.id)],
    joinedAt: [sql`${hits.createTime} desc`, sql`${hits.id} desc`],
    lastOnlineTime: [sql`${hits.updateTime} desc`, sql`${hits.id} desc`],
  };
  return db
    .with(hits)
    .select({
      id: hits.id,
      username: hits.username,
      originEmail: hits.originEmail,
      attr: hits.attr,
      privileges: hits.privileges,
      createTime: hits.createTime,
      updateTime: hits.updateTime,
      total: sql<number>`(select count(*)::int from ${hits})`.mapWith(Number),
    })
    .from(hits)
    .orderBy(...orders[sort])
    .limit(q.limit)
    .offset(q.skip);
}

async function cappedCount(db: DbOrTx, matching: SQL[]): Promise<number> {
  const hits = db.select({ one: sql`1` }).from(users).where(and(...matching)).limit(LIMITS.searchTotalMax + 1).as('hits');
  const [row] = await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(hits);
  return row?.n ?? 0;
}

/**
 * A page of a broad part of a name, read down an index in the sort's order. Best match puts the
 * name equal to the part first (found by the unique index on the lowered name), then the others,
 * shortest first (`users_name_length_idx`).
 */
async function broadPage(db: DbOrTx, matching: SQL[], filters: SQL[], param: string, sort: UserSort, q: SearchQuery) {
  if (sort !== 'default') {
    return db.select(columns).from(users).where(and(...matching)).orderBy(...SORT_INDEX_ORDER[sort]).limit(q.limit).offset(q.skip);
  }
  const [exact] = await db.select(columns).from(users).where(and(sql`${lowerName} = ${param}`, ...filters));
  const others = (limit: number, skip: number) =>
    db
      .select(columns)
      .from(users)
      .where(and(...matching, sql`${lowerName} <> ${param}`))
      .orderBy(sql`length(${users.username})`, asc(users.id))
      .limit(limit)
      .offset(skip);
  if (!exact) return others(q.limit, q.skip);
  return q.skip === 0 ? [exact, ...(await others(q.limit - 1, 0))] : others(q.limit, q.skip - 1);
}

export type UserHitRow = Awaited<ReturnType<typeof searchUsers>>['rows'][number];
