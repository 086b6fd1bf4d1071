import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { achievementById } from '@shared/achievements';
import { players, timeline, users, type PlayerRow } from '@server/db/schema';
import type { TestApp } from '@server/test/harness';
import { meetsCondition } from '@server/modules/achievements/conditions';
import { ownedOf } from '../modules/users/owned-achievements';

/** Rows written straight to the database: the conditions read the database, so their tests set it up directly. */
export function conditionData(app: TestApp) {
  const db = app.services.db;
  let n = 0;
  return {
    /** Whether `userId` meets `id` now (its previous level and its condition), as the claim and the jobs ask. */
    async holds(userId: number, id: string, opts: { visitType?: string | null; owned?: string[]; ownsNothingElse?: boolean } = {}) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      // `ownsNothingElse`: only `owned`, whatever the database holds (a grant job may run meanwhile, e.g. at start under BullMQ).
      const stored = opts.ownsNothingElse ? [] : Object.keys(await ownedOf(db, userId));
      const owned = new Set([...stored, ...(opts.owned ?? [])]);
      return meetsCondition({ db, user: user!, owned, visitType: opts.visitType ?? null, now: new Date() }, achievementById(id)!);
    },
    /** A case, optionally about a given platform account. */
    async player(fields: Partial<PlayerRow> = {}): Promise<PlayerRow> {
      n += 1;
      const uid = fields.originUserId ?? `9${String(Date.now()).slice(-8)}${n}${crypto.randomInt(1000, 9999)}`;
      const [row] = await db
        .insert(players)
        .values({ originUserId: uid, originPersonaId: uid, originName: `case-${uid}`, ...fields })
        .returning();
      return row!;
    },
    /** `count` timeline entries of one type by a user on a case. */
    async entries(p: PlayerRow, byUserId: number, count: number, type: 'report' | 'reply' = 'report', createTime = new Date()) {
      const rows = Array.from({ length: count }, () => ({ type, playerId: p.id, toOriginUserId: p.originUserId, toOriginPersonaId: p.originPersonaId, toOriginName: p.originName, byUserId, createTime }));
      for (let i = 0; i < rows.length; i += 1000) await db.insert(timeline).values(rows.slice(i, i + 1000));
    },
  };
}
