import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { CaseKey } from '@shared/schemas/cases';
import { nameHistory, players, type PlayerRow } from '@server/db/schema';
import type { DbOrTx } from '@server/db/client';

/** The case for a key: `userId` first, then `personaId`, then `dbId` (the original's order). */
export async function findCase(db: DbOrTx, key: CaseKey, opts: { forUpdate?: boolean } = {}): Promise<PlayerRow | null> {
  const where = key.userId !== undefined ? eq(players.originUserId, key.userId) : key.personaId !== undefined ? eq(players.originPersonaId, key.personaId) : eq(players.id, key.dbId!);
  const q = db.select().from(players).where(and(where, eq(players.valid, true))).limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function caseById(db: DbOrTx, id: number, opts: { forUpdate?: boolean } = {}): Promise<PlayerRow | null> {
  const q = db.select().from(players).where(and(eq(players.id, id), eq(players.valid, true))).limit(1);
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function historyOf(db: DbOrTx, playerId: number) {
  return db
    .select({ originName: nameHistory.originName, fromTime: nameHistory.fromTime, toTime: nameHistory.toTime })
    .from(nameHistory)
    .where(eq(nameHistory.playerId, playerId))
    .orderBy(asc(nameHistory.fromTime));
}

/** Cases by any mix of keys (batch lookups). */
export async function casesByKeys(db: DbOrTx, keys: { userIds?: string[]; personaIds?: string[]; dbIds?: number[] }): Promise<PlayerRow[]> {
  const conds = [];
  if (keys.userIds?.length) conds.push(inArray(players.originUserId, keys.userIds));
  if (keys.personaIds?.length) conds.push(inArray(players.originPersonaId, keys.personaIds));
  if (keys.dbIds?.length) conds.push(inArray(players.id, keys.dbIds));
  if (!conds.length) return [];
  return db.select().from(players).where(and(eq(players.valid, true), or(...conds)));
}

export const bumpViews = (db: DbOrTx, id: number) => db.update(players).set({ viewNum: sql`${players.viewNum} + 1` }).where(eq(players.id, id));
