import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from '../src/mail/mailer';
import { signInMail } from '../src/mail/sign-in-mail';

describe('mail without an SMTP server', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('when a sign-in mail is sent, then it is written to the outbox as .eml with both parts, and the link and code are logged', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mealprep-outbox-'));
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
    const mailer = createMailer({ from: 'Meal Prep Directory <no-reply@example.com>', outbox: path.join(dir, 'outbox'), logger });
    const link = 'http://127.0.0.1:8080/login?loginToken=abc&selector=def';
    await mailer.send(signInMail('someone@example.com', link, '012345'));
    const files = readdirSync(path.join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(path.join(dir, 'outbox', files[0]!), 'utf8');
    expect(eml).toContain('To: someone@example.com');
    expect(eml).toContain('Subject: Your sign-in link for Meal Prep Directory');
    expect(eml).toContain('Content-Type: text/plain');
    expect(eml).toContain('Content-Type: text/html');
    expect(eml).toContain('012345');
    const logged = JSON.parse(lines.find((l) => l.includes('outbox'))!) as { link: string; code: string; to: string };
    expect(logged).toMatchObject({ link, code: '012345', to: 'someone@example.com' });
    mailer.close();
  });

  it('when mail is written to the outbox, then only this account may read it: the folder is 0700 and each .eml 0600, even in a folder an older version left open', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mealprep-outbox-'));
    const outbox = path.join(dir, 'outbox');
    const mailer = createMailer({ from: 'Meal Prep Directory <no-reply@example.com>', outbox, logger: pino({ level: 'silent' }) });
    await mailer.send(signInMail('first@example.com', 'http://127.0.0.1:8080/login?loginToken=a&selector=b', '111111'));
    const rights = (file: string) => statSync(file).mode & 0o777;
    expect(rights(outbox)).toBe(0o700);
    expect(readdirSync(outbox).map((name) => rights(path.join(outbox, name)))).toEqual([0o600]);

    const older = path.join(dir, 'older-outbox');
    mkdirSync(older, { mode: 0o755 });
    const again = createMailer({ from: 'Meal Prep Directory <no-reply@example.com>', outbox: older, logger: pino({ level: 'silent' }) });
    await again.send(signInMail('second@example.com', 'http://127.0.0.1:8080/login?loginToken=c&selector=d', '222222'));
    expect(rights(older)).toBe(0o700);
    expect(readdirSync(older).map((name) => rights(path.join(older, name)))).toEqual([0o600]);
    mailer.close();
    again.close();
  });
});
