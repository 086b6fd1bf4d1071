import { and, asc, eq, sql } from 'drizzle-orm';
import { STAFF_PREDICATE, users } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';

/** Valid users holding admin, super, root or dev (read through the partial index `users_staff_idx`). */
const isStaff = () => and(sql.raw(STAFF_PREDICATE), eq(users.valid, true));
export const staffCondition = isStaff;

export function staffUsers(db: DbOrTx) {
  return db
    .select({
      id: users.id,
      username: users.username,
      originName: users.originName,
      originUserId: users.originUserId,
      privileges: users.privileges,
      attr: users.attr,
    })
    .from(users)
    .where(isStaff())
    .orderBy(asc(users.id));
}

export type StaffRow = Awaited<ReturnType<typeof staffUsers>>[number];
