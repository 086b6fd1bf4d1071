import { eq } from 'drizzle-orm';
import { roomOf } from '@shared/socket';
import { roomSequences } from '@server/db/schema';
import type { Recorder } from '@server/realtime/outbox';
import { countedCases } from '@server/modules/cases/list';

/**
 * Tells staff how many cases are open (status 0) now — the live form of the original's 60-second
 * poll. The staff room's sequence row is locked before counting, so the counts arrive in commit
 * order: a later event never carries an older count.
 */
export async function emitOpenCaseCount(r: Recorder) {
  await r.tx.insert(roomSequences).values({ room: roomOf.staff, lastSeq: 0 }).onConflictDoNothing();
  await r.tx.select({ seq: roomSequences.lastSeq }).from(roomSequences).where(eq(roomSequences.room, roomOf.staff)).for('update');
  await r.emit(roomOf.staff, 'cases.open', { count: await countedCases(r.tx, '*', 0) });
}

/** Whether a status change moves the open-case count. */
export const movesOpenCount = (before: number | null, after: number) => (before === 0) !== (after === 0);
