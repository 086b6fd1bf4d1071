import type { SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '@server/db/client';
import { adminLog } from '@server/db/schema';

export interface AdminAction {
  actorId: number;
  /** The endpoint's name: `setUserRole`, `muteUser`, `setComment` … */
  action: string;
  targetUserId?: number | null;
  targetCaseId?: number | null;
  targetEntryId?: number | null;
  /** What changed; never a password, hash, token or code. */
  detail?: Record<string, unknown>;
}

const rowOf = (a: AdminAction) => ({
  actorId: a.actorId,
  action: a.action,
  targetUserId: a.targetUserId ?? null,
  targetCaseId: a.targetCaseId ?? null,
  targetEntryId: a.targetEntryId ?? null,
  detail: a.detail ?? {},
});

/** Appends a staff write to the admin log, inside the transaction that makes the write. */
export async function recordAdminAction(tx: Tx, a: AdminAction): Promise<void> {
  await tx.insert(adminLog).values(rowOf(a));
}

/** The same row as a write of a one-statement command (`insertInOneStatement`). */
export const adminActionWrite = (db: DbOrTx, a: AdminAction): SQL => db.insert(adminLog).values(rowOf(a)).getSQL();
