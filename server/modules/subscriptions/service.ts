import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { LIMITS } from '@shared/limits';
import { players, subscriptions } from '@server/db/schema';
import type { Db } from '@server/db/client';
import { AppError } from '@server/app-error';
import { presentCase } from '@server/modules/cases/presenter';

export async function isSubscribed(db: Db, userId: number, playerId: number) {
  const rows = await db.select({ p: subscriptions.playerId }).from(subscriptions).where(and(eq(subscriptions.userId, userId), eq(subscriptions.playerId, playerId))).limit(1);
  return rows.length > 0;
}

/** Followed cases, newest follow first; `page` is a page index (both clients send one). */
export async function followedCases(db: Db, userId: number, page: number, limit: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select({ player: players })
      .from(subscriptions)
      .innerJoin(players, eq(players.id, subscriptions.playerId))
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.createTime), desc(subscriptions.playerId))
      .limit(limit)
      .offset(page * limit),
    db.select({ n: sql<number>`count(*)::int` }).from(subscriptions).where(eq(subscriptions.userId, userId)),
  ]);
  return { data: rows.map((r) => presentCase(r.player)), total: Number(count?.n ?? 0) };
}

/** Follows cases, at most 100 in all; unknown cases are refused. */
export async function follow(db: Db, userId: number, playerIds: number[]) {
  const ids = [...new Set(playerIds)];
  await db.transaction(async (tx) => {
    const known = await tx.select({ id: players.id }).from(players).where(and(inArray(players.id, ids), eq(players.valid, true)));
    if (known.length !== ids.length) throw new AppError('subscribes.notFound', 'no such case');
    // Serialise one user's follows so two requests cannot both pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(727002, ${userId})`);
    await tx.insert(subscriptions).values(ids.map((playerId) => ({ userId, playerId }))).onConflictDoNothing();
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(subscriptions).where(eq(subscriptions.userId, userId));
    if (Number(count?.n) > LIMITS.subscriptionsMax) throw new AppError('subscribes.exceedMax', `at most ${LIMITS.subscriptionsMax} followed cases`);
  });
}

/** Makes the followed cases exactly these (`POST /user/me` `subscribes`); cases gone or hidden are left out. Answers those kept. */
export async function replaceFollows(db: Db, userId: number, playerIds: number[]): Promise<number[]> {
  const ids = [...new Set(playerIds)];
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727002, ${userId})`);
    const known = ids.length ? (await tx.select({ id: players.id }).from(players).where(and(inArray(players.id, ids), eq(players.valid, true)))).map((r) => r.id) : [];
    await tx.delete(subscriptions).where(known.length ? and(eq(subscriptions.userId, userId), notInArray(subscriptions.playerId, known)) : eq(subscriptions.userId, userId));
    if (known.length) await tx.insert(subscriptions).values(known.map((playerId) => ({ userId, playerId }))).onConflictDoNothing();
    return known;
  });
}

export async function unfollow(db: Db, userId: number, playerIds: number[]) {
  await db.delete(subscriptions).where(and(eq(subscriptions.userId, userId), inArray(subscriptions.playerId, playerIds)));
}

/** Who follows a case (notifications). */
export async function followersOf(db: Db, playerId: number): Promise<number[]> {
  const rows = await db.select({ userId: subscriptions.userId }).from(subscriptions).where(eq(subscriptions.playerId, playerId));
  return rows.map((r) => r.userId);
}

export async function followedIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.select({ id: subscriptions.playerId }).from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.createTime));
  return rows.map((r) => r.id);
}
