import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from '@mealprep/service-kit';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Written to the log when mail goes to the outbox (no SMTP server), so local sign-in works. */
  logFields?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * nodemailer: through `smtpUrl` when given; otherwise each mail becomes an .eml file in `outbox`
 * (and its log fields are logged), which is how a machine without a mail server signs in.
 */
export function createMailer(options: { smtpUrl?: string; from: string; outbox: string; logger: Logger }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl, { from: options.from });
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html });
      // Each mail holds a live sign-in link and code: only this account may read the folder and the files.
      await mkdir(options.outbox, { recursive: true, mode: 0o700 });
      await chmod(options.outbox, 0o700);
      const file = path.join(options.outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600, flag: 'wx' });
      options.logger.info({ to: message.to, file, ...message.logFields }, 'mail written to the outbox');
    },
    close: () => transport.close(),
  };
}
