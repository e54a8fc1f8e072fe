import { escapeHtml } from '@mealprep/contracts';
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
  /** Where replies to this mail go, over the brand's reply-to (a quote request: the visitor). */
  replyTo?: string;
  /** Where one click unsubscribes (RFC 8058: List-Unsubscribe with List-Unsubscribe-Post), for mail the person did not ask for. */
  unsubscribeUrl?: string;
  /** Written to the log when mail goes to the outbox (no SMTP server), so local sign-in works. */
  logFields?: Record<string, string>;
}

/** What a mail takes of the operator's brand: the site's name in its words, the sender's name, where replies go, the footer. */
export interface MailSite {
  siteName: string;
  senderName: string;
  /** Where replies go ('' for the sender's address). */
  replyTo: string;
  footerText: string;
}

/** A mail as the brand makes it: its words are written when it is sent, with the brand published then. */
export type MailDraft = (site: MailSite) => MailMessage;

export interface Mailer {
  send(draft: MailDraft): Promise<void>;
  close(): void;
}

/** MAIL_FROM's address: the part in <…> when it names a sender too (the brand's sender name is used instead). */
export function senderAddress(from: string): string {
  return /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** The mail as sent: from the brand's sender, replies where it says, its footer after the words. */
export function branded(draft: MailDraft, site: MailSite, from: string) {
  const message = draft(site);
  const footer = site.footerText.trim();
  const end = message.html.lastIndexOf('</body>');
  const html = footer && end >= 0 ? `${message.html.slice(0, end)}<p style="color:#555;font-size:13px;white-space:pre-line">${escapeHtml(footer)}</p>${message.html.slice(end)}` : message.html;
  return {
    message,
    envelope: {
      from: { name: site.senderName, address: senderAddress(from) },
      ...(message.replyTo || site.replyTo ? { replyTo: message.replyTo || site.replyTo } : {}),
      to: message.to,
      ...(message.unsubscribeUrl ? { list: { unsubscribe: message.unsubscribeUrl }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
      subject: message.subject,
      text: footer ? `${message.text}\n\n--\n${footer}` : message.text,
      html,
    },
  };
}

/**
 * nodemailer: through `smtpUrl` when given; otherwise each mail becomes an .eml file in `outbox`
 * (and its log fields are logged), which is how a machine without a mail server signs in.
 */
/** `site`: the brand the mails are written with now (a promise while it is being read). */
export function createMailer(options: { smtpUrl?: string; from: string; outbox: string; logger: Logger; site: () => MailSite | Promise<MailSite> }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(draft) {
        await transport.sendMail(branded(draft, await options.site(), options.from).envelope);
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(draft) {
      const { message, envelope } = branded(draft, await options.site(), options.from);
      const info = await transport.sendMail(envelope);
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
