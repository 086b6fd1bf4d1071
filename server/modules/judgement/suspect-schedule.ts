import { LIMITS } from '@shared/limits';
import type { PlayerRow } from '@server/db/schema';
import type { Services } from '@server/core/services';
import type { CaseChangeSubscriber } from '@server/core/case-changes';

export const deadlineOf = (statusTime: Date) => new Date(statusTime.getTime() + LIMITS.suspectWindowMs);

/**
 * Queues the case's deadline. The deadline itself is `status_time` in the database: the job id
 * names that moment, so a case suspected again gets a new job, and the sweep catches any job lost.
 */
export async function scheduleSuspectDeadline(services: Services, row: Pick<PlayerRow, 'id' | 'statusTime'>) {
  const delayMs = Math.max(0, deadlineOf(row.statusTime).getTime() - Date.now());
  await services.jobs.enqueue('case.suspectDeadline', { playerId: row.id }, { delayMs, jobId: `${row.id}-${row.statusTime.getTime()}` });
}

/** A case that becomes suspect (status 2) gets its deadline once the change is committed. */
export const suspectDeadlineFollowsCases: CaseChangeSubscriber = ({ services, r, before, after, created }) => {
  if (after.status === 2 && (created || before.status !== 2)) r.afterCommit(() => scheduleSuspectDeadline(services, after));
};
