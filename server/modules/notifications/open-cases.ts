import { roomOf } from '@shared/socket';
import type { Tx } from '@server/db/client';
import type { Recorder } from '@server/db/outbox';
import type { CaseChangeSubscriber } from '@server/core/case-changes';
import { countedCases } from '@server/modules/cases/list';

/** The payload of `cases.open`, read when the relay numbers the event (never inside the writer's transaction). */
export const openCaseCount = async (tx: Tx) => ({ count: await countedCases(tx, '*', 0) });

/**
 * Tells staff how many cases are open (status 0) now — the live form of the original's 60-second
 * poll. The count is read when the event is numbered, after the writer committed, under the staff
 * room's sequence lock: a later event never carries an older count, and writers are not serialised.
 */
export async function emitOpenCaseCount(r: Recorder) {
  await r.emit(roomOf.staff, 'cases.open', { count: -1 });
}

/** Whether a status change moves the open-case count. */
export const movesOpenCount = (before: number | null, after: number) => (before === 0) !== (after === 0);

/** Staff hear the count when a case is created or its status enters or leaves open. */
export const openCountFollowsCases: CaseChangeSubscriber = async ({ r, before, after, created }) => {
  if (created || movesOpenCount(before.status, after.status)) await emitOpenCaseCount(r);
};
