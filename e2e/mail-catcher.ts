import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMailCatcher as startSmtpServer, type CaughtMail } from '../svc-auth/test/mail-catcher';

/**
 * A real SMTP server for the site under test. It runs in the global setup; each mail it receives
 * is written as JSON into a folder the test files read (they run in other processes).
 */
export async function startMailCatcher() {
  const dir = mkdtempSync(path.join(tmpdir(), 'mealprep-e2e-mail-'));
  const smtp = await startSmtpServer({
    // Written whole, then named: a test reading the folder meanwhile never meets half a mail.
    onMail: (mail) => {
      const name = path.join(dir, `${Date.now()}-${randomBytes(4).toString('hex')}.json`);
      writeFileSync(`${name}.part`, JSON.stringify(mail));
      renameSync(`${name}.part`, name);
    },
  });
  return {
    url: smtp.url,
    dir,
    close: async () => {
      await smtp.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The newest mail to an address received since `after`, waiting up to `timeoutMs`. */
export async function waitForMail(dir: string, to: string, after: number, timeoutMs = 10_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CaughtMail)
      .filter((mail) => mail.to === to && mail.receivedAt >= after);
    const last = mails.at(-1);
    if (last) return last;
    if (Date.now() > deadline) throw new Error(`no sign-in mail reached ${to}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function signInLink(mail: CaughtMail): string {
  return /https?:\/\/\S+\/login\?\S+/.exec(mail.text)?.[0] ?? '';
}

export function signInCode(mail: CaughtMail): string {
  return /code on the sign-in page: (\d{6})/.exec(mail.text)?.[1] ?? '';
}
