import { pickLanguage } from '@shared/languages';
import type { Services } from '@server/core/services';
import { buildMail } from '@server/mail/templates';
import { sendMailOrFail } from '@server/mail/send';
import { userByNameOrOrigin } from '@server/modules/users/queries';
import { createVerification, takeVerification } from '../users/verifications';
import type { JobMap } from '@server/infra/jobs/types';

/** A refused reset mail is tried again this many times, waiting longer each time. */
const ATTEMPTS = 5;
const RETRY_BASE_MS = 5_000;

/**
 * The job behind a reset request: checks whether the name and e-mail match a usable account and,
 * if so, mails it a code. It runs after the answer was given, so no answer takes longer for a match.
 * A refused mail leaves no code behind, and the job tries again later.
 */
export async function sendResetMailIfMatching(services: Services, job: JobMap['auth.resetMail']) {
  const user = await userByNameOrOrigin(services.db, job.username);
  if (!user || !user.valid || !user.originEmail || user.originEmail !== job.originEmail) return;
  if (user.privileges.includes('blacklisted')) return;
  const language = pickLanguage(job.language ?? user.attr.language);
  // The code is stored before the mail leaves, so a link followed at once finds it; a refused mail deletes it again.
  const code = await createVerification(services.db, 'reset', { userId: user.id, username: user.username, language });
  const link = `${services.config.publicUrl}/forgetPasswordVerify?code=${code}`;
  try {
    await sendMailOrFail(services, buildMail(services.i18n, 'reset', { to: user.originEmail, language, username: user.username, link }));
  } catch (err) {
    await takeVerification(services.db, 'reset', code);
    const attempt = (job.attempt ?? 1) + 1;
    if (attempt > ATTEMPTS) return services.log.error({ err, userId: user.id }, 'reset mail given up');
    // Not rethrown: the runner's own retries would add to ours (BullMQ) or not exist (in-process).
    await services.jobs.enqueue('auth.resetMail', { ...job, attempt }, { delayMs: RETRY_BASE_MS * 2 ** (attempt - 2), personal: true });
  }
}
