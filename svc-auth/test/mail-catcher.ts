import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes ('' when the mail names no Reply-To). */
  replyTo: string;
  /** The List-Unsubscribe and List-Unsubscribe-Post headers as sent ('' when none). */
  listUnsubscribe: string;
  listUnsubscribePost: string;
  receivedAt: number;
}

/** A real SMTP server on 127.0.0.1 that keeps every mail it receives, parsed (and hands it to `onMail`). */
export async function startMailCatcher(options: { onMail?: (mail: CaughtMail) => void } = {}) {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
          const mail = {
            to: to ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            replyTo: parsed.replyTo?.text ?? '',
            listUnsubscribe: parsed.headerLines.find((h) => h.key === 'list-unsubscribe')?.line ?? '',
            listUnsubscribePost: parsed.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line ?? '',
            receivedAt: Date.now(),
          };
          mails.push(mail);
          options.onMail?.(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The newest mail to the address, waiting up to `timeoutMs` for it. */
    async next(to: string, after = 0, timeoutMs = 5_000): Promise<CaughtMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.filter((m) => m.to === to && m.receivedAt >= after).at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The link and code of a sign-in mail. */
export function signInParts(mail: CaughtMail): { link: URL; loginToken: string; selector: string; code: string } {
  const link = new URL(/https?:\/\/\S+\/login\?\S+/.exec(mail.text)?.[0] ?? 'http://invalid/');
  const code = /code on the sign-in page: (\d{6})/.exec(mail.text)?.[1] ?? '';
  return { link, loginToken: link.searchParams.get('loginToken') ?? '', selector: link.searchParams.get('selector') ?? '', code };
}
