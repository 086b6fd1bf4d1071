import { and, eq, ne, or, sql } from 'drizzle-orm';
import { users, type UserRow } from '@server/db/schema';
import type { Db, DbOrTx } from '@server/db/client';
import { coalescedByKey, SHARED_STATEMENTS } from '@server/db/coalesce';
import { prepared } from '@server/db/prepared';

/** The hottest read of the site: every signed-in request re-reads its user (privileges are never taken from the token). */
const userByIdQuery = prepared((db) => db.select().from(users).where(eq(users.id, sql.placeholder('id'))).limit(1).prepare('user_by_id'));

export async function userById(db: DbOrTx, id: number): Promise<UserRow | null> {
  const [row] = await userByIdQuery(db).execute({ id });
  return row ?? null;
}

const usersByIdsQuery = prepared((db) =>
  db
    .select()
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::int[])`)
    .prepare('users_by_ids'),
);

const requestUserReaders = coalescedByKey(async (db: Db, _all: 'users', ids: number[]) => {
  const rows = await usersByIdsQuery(db).execute({ ids: [...new Set(ids)] });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id) ?? null);
}, SHARED_STATEMENTS);

/**
 * `userById` for the signed-in user of a request: the requests read in one turn of the event loop
 * read their users in one statement (`coalesce`). Every signed-in request makes this read, so under
 * load it was a round trip (and, embedded, a fifth of the CPU) per request of the busiest writes.
 */
export function requestUser(db: Db, id: number): Promise<UserRow | null> {
  return requestUserReaders(db, 'users')(id);
}

/** Sign-in identifier: the username (any case) or the bound platform e-mail. */
export async function userByLogin(db: DbOrTx, login: string): Promise<UserRow | null> {
  const lower = login.toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${lower}`, eq(users.originEmail, lower)))
    .orderBy(sql`lower(${users.username}) = ${lower} desc`)
    .limit(1);
  return row ?? null;
}

/** For password reset: the username or the bound platform account name. */
export async function userByNameOrOrigin(db: DbOrTx, name: string): Promise<UserRow | null> {
  const lower = name.toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${lower}`, sql`lower(${users.originName}) = ${lower}`))
    .orderBy(sql`lower(${users.username}) = ${lower} desc`)
    .limit(1);
  return row ?? null;
}

export async function usernameTaken(db: DbOrTx, username: string, exceptId?: number) {
  const cond = sql`lower(${users.username}) = ${username.toLowerCase()}`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(cond, ne(users.id, exceptId)) : cond)
    .limit(1);
  return rows.length > 0;
}

export async function originBoundTo(db: DbOrTx, originUserId: string): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.originUserId, originUserId)).limit(1);
  return row?.id ?? null;
}
