import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '@server/infra/logger';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link inside, logged in outbox mode so a local operator can follow it. */
  link?: string;
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  verify(): Promise<boolean>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise every mail is written to data/outbox/ and logged. */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string; log: Logger }): Mailer {
  if (opts.smtpUrl) {
    const url = new URL(opts.smtpUrl);
    const transport: Transporter = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
      secure: url.protocol === 'smtps:',
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      ignoreTLS: url.searchParams.get('ignoreTLS') === 'true',
      connectionTimeout: 10_000,
    });
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        opts.log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      verify: () => transport.verify().then(() => true, () => false),
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(opts.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(3).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      opts.log.info({ to: mail.to, subject: mail.subject, file, link: mail.link }, 'mail written to outbox');
    },
    verify: async () => true,
    close: () => undefined,
  };
}
