import type { Tx } from '@server/db/client';
import { newRow, type NewRow } from '@server/db/new-rows';
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

/** The same row for a one-statement command (`insertInOneStatement`). */
export const adminActionRow = (a: AdminAction): NewRow => newRow(adminLog, rowOf(a));
