import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface StoredMail {
  to: string;
  subject: string;
  text: string;
  receivedAt: number;
}

/**
 * A real SMTP server for the site under test. It runs in the global setup; each mail it receives
 * is written as JSON into a folder the test files read (they run in other processes).
 */
export async function startMailCatcher() {
  const dir = mkdtempSync(path.join(tmpdir(), 'mealprep-e2e-mail-'));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = (Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text) ?? '';
          const mail: StoredMail = { to, subject: parsed.subject ?? '', text: parsed.text ?? '', receivedAt: Date.now() };
          writeFileSync(path.join(dir, `${Date.now()}-${randomBytes(4).toString('hex')}.json`), JSON.stringify(mail));
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The newest mail to an address received since `after`, waiting up to `timeoutMs`. */
export async function waitForMail(dir: string, to: string, after: number, timeoutMs = 10_000): Promise<StoredMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = readdirSync(dir)
      .sort()
      .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as StoredMail)
      .filter((mail) => mail.to === to && mail.receivedAt >= after);
    const last = mails.at(-1);
    if (last) return last;
    if (Date.now() > deadline) throw new Error(`no sign-in mail reached ${to}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function signInLink(mail: StoredMail): string {
  return /https?:\/\/\S+\/login\?\S+/.exec(mail.text)?.[0] ?? '';
}

export function signInCode(mail: StoredMail): string {
  return /code on the sign-in page: (\d{6})/.exec(mail.text)?.[1] ?? '';
}
