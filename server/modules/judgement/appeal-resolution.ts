import { eq } from 'drizzle-orm';
import { roomOf } from '@shared/socket';
import type { AppealState } from '@shared/judgement';
import { timeline, type TimelineRow } from '@server/db/schema';
import type { Recorder } from '@server/db/outbox';
import { presentEntries } from '@server/modules/timeline/queries';

/** Changes an appeal's state and shows it on the case page live (attachments stay out of public events). */
export async function setAppealState(r: Recorder, appeal: TimelineRow, state: AppealState, changes: Partial<Pick<TimelineRow, 'viewedAdmins'>> = {}) {
  const [row] = await r.tx.update(timeline).set({ appealStatus: state, ...changes }).where(eq(timeline.id, appeal.id)).returning();
  const [entry] = await presentEntries(r.tx, [row!]);
  await r.emit(roomOf.case(appeal.playerId), 'timeline.updated', { entry: entry! });
  return row!;
}
