import { AppError } from '@server/app-error';
import type { Mail, Mailer } from './mailer';

/** Sends a mail; a mail server that refuses becomes a 503 the caller's transaction rolls back on. */
export async function sendMailOrFail(services: { mailer: Mailer; log: { error(obj: object, msg: string): void } }, mail: Mail) {
  try {
    await services.mailer.send(mail);
  } catch (e) {
    services.log.error({ err: e, to: mail.to }, 'mail could not be sent');
    throw new AppError('mail.error', 'the mail could not be sent, try again later');
  }
}
