import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_MAIL_SITE } from '../src/testing/fakes';
import { createMailer } from '../src/mail/mailer';
import { signInMail } from '../src/mail/sign-in-mail';

describe('mail without an SMTP server', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('when a sign-in mail is sent, then it is written to the outbox as .eml with both parts, and the link and code are logged', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mealprep-outbox-'));
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }));
    const mailer = createMailer({ from: 'Meal Prep Directory <no-reply@example.com>', outbox: path.join(dir, 'outbox'), logger, site: () => TEST_MAIL_SITE });
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

  it("when the operator's brand names the site, the sender, where replies go and a footer, then the mail carries each (the footer's markup as text), from MAIL_FROM's address", async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mealprep-outbox-'));
    let site = { siteName: 'Prep Finder', senderName: 'Prep Finder Team', replyTo: 'hello@prepfinder.example', footerText: 'Prep Finder <b>Inc</b>, 1 Main St' };
    const mailer = createMailer({ from: 'Old Name <no-reply@example.com>', outbox: path.join(dir, 'outbox'), logger: pino({ level: 'silent' }), site: () => site });
    await mailer.send(signInMail('someone@example.com', 'http://127.0.0.1:8080/login?loginToken=a&selector=b', '333333'));
    const eml = readFileSync(path.join(dir, 'outbox', readdirSync(path.join(dir, 'outbox'))[0]!), 'utf8');
    expect(eml).toContain('From: Prep Finder Team <no-reply@example.com>');
    expect(eml).toContain('Reply-To: hello@prepfinder.example');
    expect(eml).toContain('Subject: Your sign-in link for Prep Finder');
    expect(eml).toContain('Sign in to Prep Finder');
    expect(eml).toContain('Prep Finder <b>Inc</b>, 1 Main St');
    // The HTML part is quoted-printable: its soft line breaks joined, '=3D' read as '='.
    expect(eml.replace(/=\n/g, '').replace(/=3D/g, '=')).toContain('Prep Finder &lt;b&gt;Inc&lt;/b&gt;, 1 Main St</p></body>');
    // The brand published next is the one the next mail carries.
    site = { siteName: 'Meal Finder', senderName: 'Meal Finder', replyTo: '', footerText: '' };
    rmSync(path.join(dir, 'outbox'), { recursive: true });
    await mailer.send(signInMail('someone@example.com', 'http://127.0.0.1:8080/login?loginToken=c&selector=d', '444444'));
    const next = readFileSync(path.join(dir, 'outbox', readdirSync(path.join(dir, 'outbox'))[0]!), 'utf8');
    expect(next).toContain('From: Meal Finder <no-reply@example.com>');
    expect(next).not.toContain('Reply-To');
    expect(next).toContain('Subject: Your sign-in link for Meal Finder');
    mailer.close();
  });

  it('when mail is written to the outbox, then only this account may read it: the folder is 0700 and each .eml 0600, even in a folder an older version left open', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'mealprep-outbox-'));
    const outbox = path.join(dir, 'outbox');
    const mailer = createMailer({ from: 'Meal Prep Directory <no-reply@example.com>', outbox, logger: pino({ level: 'silent' }), site: () => TEST_MAIL_SITE });
    await mailer.send(signInMail('first@example.com', 'http://127.0.0.1:8080/login?loginToken=a&selector=b', '111111'));
    const rights = (file: string) => statSync(file).mode & 0o777;
    expect(rights(outbox)).toBe(0o700);
    expect(readdirSync(outbox).map((name) => rights(path.join(outbox, name)))).toEqual([0o600]);

    const older = path.join(dir, 'older-outbox');
    mkdirSync(older, { mode: 0o755 });
    const again = createMailer({ from: 'Meal Prep Directory <no-reply@example.com>', outbox: older, logger: pino({ level: 'silent' }), site: () => TEST_MAIL_SITE });
    await again.send(signInMail('second@example.com', 'http://127.0.0.1:8080/login?loginToken=c&selector=d', '222222'));
    expect(rights(older)).toBe(0o700);
    expect(readdirSync(older).map((name) => rights(path.join(older, name)))).toEqual([0o600]);
    mailer.close();
    again.close();
  });
});
