import type { ServerI18n } from '@server/i18n';
import type { Mail } from './mailer';

export type MailKind = 'register' | 'binding' | 'reset' | 'appAuth';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Builds a mail in the recipient's language from the `mail.<kind>` strings of the locale files. */
export function buildMail(
  i18n: ServerI18n,
  kind: MailKind,
  input: { to: string; language?: string | null; username: string; link: string; hours?: number; vars?: Record<string, string> },
): Mail {
  const t = i18n.t(input.language);
  const vars = { ...input.vars, username: input.username, hours: input.hours ?? 4 };
  const subject = t(`mail.${kind}.subject`, vars);
  const intro = t(`mail.${kind}.body`, vars);
  const action = t(`mail.${kind}.action`, vars);
  const ignore = t('mail.ignore');
  const signature = t('mail.signature');
  const text = `${intro}\n\n${action}: ${input.link}\n\n${ignore}\n\n${signature}`;
  const html = `<p>${escape(intro)}</p><p><a href="${escape(input.link)}">${escape(action)}</a></p><p style="color:#666">${escape(ignore)}</p><p>${escape(signature)}</p>`;
  return { to: input.to, subject, text, html, link: input.link };
}
