import type { Services } from '@server/services';
import { purgeExpired } from './maintenance';

const PURGE_EVERY_MS = 30 * 60 * 1000;

/** Registers every job handler and schedule, then starts the runner. */
export async function registerJobs(services: Services) {
  const { jobs, db, log } = services;
  jobs.register('maintenance.purge', async () => {
    const removed = await purgeExpired(db);
    if (removed.codes || removed.events) log.info(removed, 'purged expired rows');
  });
  await jobs.repeat('maintenance.purge', {}, PURGE_EVERY_MS);
  await jobs.start();
}
