import type { Services } from '@server/services';
import { purgeExpired } from './maintenance';
import { confirmOverdueSuspect, sweepOverdueSuspects } from '@server/modules/judgement/suspect-deadline';

const PURGE_EVERY_MS = 30 * 60 * 1000;
const SUSPECT_SWEEP_EVERY_MS = 10 * 60 * 1000;

/** Registers every job handler and schedule, then starts the runner. */
export async function registerJobs(services: Services) {
  const { jobs, db, log } = services;
  jobs.register('maintenance.purge', async () => {
    const removed = await purgeExpired(db);
    if (removed.codes || removed.events) log.info(removed, 'purged expired rows');
  });
  await jobs.repeat('maintenance.purge', {}, PURGE_EVERY_MS);
  jobs.register('case.suspectDeadline', async ({ playerId }) => {
    if (await confirmOverdueSuspect(services, playerId)) log.info({ playerId }, 'suspect deadline passed: case confirmed');
  });
  jobs.register('case.suspectSweep', async () => {
    const confirmed = await sweepOverdueSuspects(services);
    if (confirmed) log.info({ confirmed }, 'overdue suspects confirmed');
  });
  await jobs.repeat('case.suspectSweep', {}, SUSPECT_SWEEP_EVERY_MS);
  // Deadlines that passed while no node was running are caught at start.
  await jobs.enqueue('case.suspectSweep', {});
  await jobs.start();
}
