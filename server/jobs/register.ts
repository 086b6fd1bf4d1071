import type { Services } from '@server/core/services';
import { purgeAndForget } from './maintenance';
import { confirmOverdueSuspect, sweepOverdueSuspects } from '@server/modules/judgement/suspect-deadline';
import { deliverWebhook, sweepWebhookDeliveries } from '@server/modules/webhooks/deliver';
import { processImage, requeueStuckImages } from '@server/modules/files/image-job';
import { sweepExpiredSessions } from '@server/modules/files/sessions';
import { endMuteIfOver, MUTE_SWEEP_EVERY_MS, sweepEndedMutes } from '@server/modules/admin/users/mutes';
import { sendResetMailIfMatching } from '@server/modules/auth/reset-mail';
import { grantAfterConfirmation, grantRankingAchievements } from '@server/modules/achievements/jobs';
import { makeDailyDump, pruneOldDumps } from '@server/modules/open-data/produce';
import { vacuumWhereDue } from '@server/db/vacuum';

const PURGE_EVERY_MS = 30 * 60 * 1000;
const SUSPECT_SWEEP_EVERY_MS = 10 * 60 * 1000;
const WEBHOOK_SWEEP_EVERY_MS = 60 * 1000;
const MEDIA_SWEEP_EVERY_MS = 10 * 60 * 1000;
const ACHIEVEMENT_RANKINGS_EVERY_MS = 24 * 60 * 60 * 1000;
/** Checked hourly, so a day's dump is made within an hour of midnight UTC even after a restart. */
const OPEN_DATA_EVERY_MS = 60 * 60 * 1000;
/** As often as autovacuum looks (its default naptime): a look is one read of the table statistics. */
const VACUUM_EVERY_MS = 60 * 1000;
/**
 * A table is vacuumed at most this often: the embedded database answers nothing else meanwhile
 * (the cases at 100,000: about 0.8 s), and a busy site's views would ask for it every minute.
 */
const VACUUM_GAP_MS = 10 * 60 * 1000;

/** Registers every job handler and schedule, then starts the runner. */
export async function registerJobs(services: Services) {
  const { jobs, db, log } = services;
  jobs.register('maintenance.purge', async () => {
    const removed = await purgeAndForget(services);
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
  jobs.register('webhook.deliver', async ({ deliveryId }) => {
    await deliverWebhook(services, deliveryId);
  });
  jobs.register('webhook.sweep', async () => {
    await sweepWebhookDeliveries(services);
  });
  await jobs.repeat('webhook.sweep', {}, WEBHOOK_SWEEP_EVERY_MS);
  jobs.register('media.process', async ({ fileId }) => {
    const done = await processImage(services, fileId);
    if (done) log.info({ fileId, state: done.state }, 'image processed');
  });
  jobs.register('media.sweep', async () => {
    const requeued = await requeueStuckImages(services);
    const expired = await sweepExpiredSessions(services);
    if (requeued || expired) log.info({ requeued, expired }, 'media sweep');
  });
  await jobs.repeat('media.sweep', {}, MEDIA_SWEEP_EVERY_MS);
  jobs.register('achievements.caseConfirmed', async ({ playerId }) => {
    const granted = await grantAfterConfirmation(services, playerId);
    if (granted) log.info({ playerId, granted }, 'report achievements granted');
  });
  jobs.register('achievements.rankings', async () => {
    const granted = await grantRankingAchievements(services);
    if (granted) log.info({ granted }, 'ranking achievements granted');
  });
  await jobs.repeat('achievements.rankings', {}, ACHIEVEMENT_RANKINGS_EVERY_MS);
  jobs.register('auth.resetMail', (data) => sendResetMailIfMatching(services, data));
  jobs.register('user.muteEnd', async ({ userId }) => {
    if (await endMuteIfOver(services, userId)) log.info({ userId }, 'mute ended');
  });
  jobs.register('user.muteSweep', async () => {
    const ended = await sweepEndedMutes(services);
    if (ended) log.info({ ended }, 'overdue mutes ended');
  });
  await jobs.repeat('user.muteSweep', {}, MUTE_SWEEP_EVERY_MS);
  jobs.register('openData.dump', async () => {
    const made = await makeDailyDump(services);
    const pruned = await pruneOldDumps(services);
    if (made || pruned) log.info({ day: made?.day, cases: made?.cases, pruned }, 'open-data dump');
  });
  await jobs.repeat('openData.dump', {}, OPEN_DATA_EVERY_MS);
  // PostgreSQL's own autovacuum does this; the embedded database has none.
  if (!services.config.databaseUrl) {
    jobs.register('db.vacuum', async () => {
      const started = Date.now();
      const done = await vacuumWhereDue(db, VACUUM_GAP_MS);
      // The embedded database answers nothing else meanwhile: how long it took is worth seeing.
      if (done.vacuumed.length || done.analyzed.length) log.info({ ...done, ms: Date.now() - started }, 'database maintenance');
    });
    await jobs.repeat('db.vacuum', {}, VACUUM_EVERY_MS);
  }
  // Deadlines and deliveries that fell due while no node was running are caught at start.
  await jobs.enqueue('case.suspectSweep', {});
  await jobs.enqueue('webhook.sweep', {});
  await jobs.enqueue('user.muteSweep', {});
  await jobs.start();
}
