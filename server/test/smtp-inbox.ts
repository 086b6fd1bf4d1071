import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';

/** A mail as the SMTP server received it, parsed. */
export interface ReceivedMail {
  /** Envelope recipients, lower case. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** When the server took it (answered the data), after any answerAfter delay. */
  receivedAt: number;
}

export interface Inbox {
  url: string;
  /** Every mail received so far (oldest first). */
  all(): ReceivedMail[];
  /** Mails received for one address. */
  to(address: string): ReceivedMail[];
  /**
   * The next mail for `to` that matches `predicate` and was not returned before; waits for it.
   * Each mail is returned once, so two waits for one address give two different mails.
   */
  waitFor(to: string, predicate?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** From now on the server refuses this recipient (550 at RCPT TO), as a mail server does an address it does not take. */
  refuse(address: string): void;
  /** How many times a refused recipient was tried. */
  refusals(address: string): number;
  /** From now on the server waits this long before it answers a mail's data (0: at once again). */
  answerAfter(ms: number): void;
  /** The first http(s) link in the mail's text. */
  linkIn(mail: ReceivedMail): string;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that keeps what it receives (tests use real parts, CONTRIBUTING.md#conventions). */
export async function startInbox(): Promise<Inbox> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();
  const refused = new Set<string>();
  const refusalCounts = new Map<string, number>();
  let answerDelayMs = 0;

  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (!refused.has(to)) return callback();
      refusalCounts.set(to, (refusalCounts.get(to) ?? 0) + 1);
      callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', async () => {
        try {
          const parsed = await PostalMime.parse(Buffer.concat(chunks));
          if (answerDelayMs) await new Promise((r) => setTimeout(r, answerDelayMs));
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: typeof session.envelope.mailFrom === 'object' ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: parsed.html ?? '',
            receivedAt: Date.now(),
          });
          for (const wake of waiters) wake();
          callback();
        } catch (e) {
          callback(e as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  const forAddress = (address: string) => mails.filter((m) => m.to.includes(address.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    all: () => [...mails],
    to: forAddress,
    waitFor(to, predicate = () => true, timeoutMs = 10_000) {
      const find = () => forAddress(to).find((m) => !taken.has(m) && predicate(m));
      return new Promise<ReceivedMail>((resolve, reject) => {
        const check = () => {
          const mail = find();
          if (!mail) return false;
          taken.add(mail);
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(mail);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no mail for ${to} within ${timeoutMs} ms (received: ${mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none'})`));
        }, timeoutMs);
        if (!check()) waiters.add(wake);
      });
    },
    refuse: (address) => void refused.add(address.toLowerCase()),
    refusals: (address) => refusalCounts.get(address.toLowerCase()) ?? 0,
    answerAfter(ms) {
      answerDelayMs = ms;
    },
    linkIn(mail) {
      const match = /https?:\/\/[^\s"'<>]+/.exec(mail.text) ?? /https?:\/\/[^\s"'<>]+/.exec(mail.html);
      if (!match) throw new Error(`no link in the mail "${mail.subject}"`);
      return match[0].replace(/&amp;/g, '&');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
