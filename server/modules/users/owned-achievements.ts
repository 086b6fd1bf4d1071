import { and, eq, inArray } from 'drizzle-orm';
import { userAchievements } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';

/** What a user owns: achievement id -> acquisition time (epoch ms), as the original's `attr.achievements`. */
export type OwnedAchievements = Record<string, number>;

export async function ownedOf(db: DbOrTx, userId: number): Promise<OwnedAchievements> {
  const rows = await db.select().from(userAchievements).where(eq(userAchievements.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.achievementId, r.acquiredTime.getTime()]));
}

/** Owned achievements of several users at once (rankings, lists). */
export async function ownedOfMany(db: DbOrTx, userIds: number[]): Promise<Map<number, OwnedAchievements>> {
  const out = new Map<number, OwnedAchievements>(userIds.map((id) => [id, {}]));
  if (!userIds.length) return out;
  const rows = await db.select().from(userAchievements).where(inArray(userAchievements.userId, [...new Set(userIds)]));
  for (const r of rows) out.get(r.userId)![r.achievementId] = r.acquiredTime.getTime();
  return out;
}

/** Gives one achievement; null when the user already had it (two grants at once: one row, one winner). */
export async function insertOwned(db: DbOrTx, userId: number, achievementId: string, grantedBy: number | null = null): Promise<Date | null> {
  const [row] = await db
    .insert(userAchievements)
    .values({ userId, achievementId, grantedBy })
    .onConflictDoNothing()
    .returning({ at: userAchievements.acquiredTime });
  return row?.at ?? null;
}

/** Takes one away; false when the user did not have it. */
export async function deleteOwned(db: DbOrTx, userId: number, achievementId: string): Promise<boolean> {
  const rows = await db
    .delete(userAchievements)
    .where(and(eq(userAchievements.userId, userId), eq(userAchievements.achievementId, achievementId)))
    .returning({ id: userAchievements.achievementId });
  return rows.length > 0;
}
