import { LIMITS } from '@shared/limits';
import type { PlayerRow } from '@server/db/schema';
import type { Services } from '@server/core/services';

export const deadlineOf = (statusTime: Date) => new Date(statusTime.getTime() + LIMITS.suspectWindowMs);

/**
 * Queues the case's deadline. The deadline itself is `status_time` in the database: the job id
 * names that moment, so a case suspected again gets a new job, and the sweep catches any job lost.
 */
export async function scheduleSuspectDeadline(services: Services, row: Pick<PlayerRow, 'id' | 'statusTime'>) {
  const delayMs = Math.max(0, deadlineOf(row.statusTime).getTime() - Date.now());
  await services.jobs.enqueue('case.suspectDeadline', { playerId: row.id }, { delayMs, jobId: `${row.id}-${row.statusTime.getTime()}` });
}
