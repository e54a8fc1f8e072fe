import { SESSION_COOKIE } from '@mealprep/contracts';
import { createLogger, signIdentity, signInternal } from '@mealprep/service-kit';
import { asClient, serve, silentLogger, TEST_IDENTITY_SECRET, testBroker, testDatabase, testOutbox } from '@mealprep/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRepositories, createAuthApp, ensureAuthIndexes } from '../src/app';
import { CODE_INVALID, CODE_LOCKED, LINK_INVALID } from '../src/domain/sign-in';
import { TEST_MAIL_SITE } from '../src/testing/fakes';
import { createMailer } from '../src/mail/mailer';
import { signInParts, startMailCatcher } from './mail-catcher';

const SITE_URL = 'https://meals.example.com';
const ADMIN = 'boss@example.com';
/** The mail server refuses mail to this address (the SMTP fake takes every other). */
const UNDELIVERABLE = 'refused@example.com';

describe('svc-auth: passwordless sign-in', () => {
  let db: Awaited<ReturnType<typeof testDatabase>>;
  let mq: Awaited<ReturnType<typeof testBroker>>;
  let smtp: Awaited<ReturnType<typeof startMailCatcher>>;
  let http: Awaited<ReturnType<typeof serve>>;
  let clock = 0;
  let ipCounter = 0;
  const events: string[] = [];

  beforeAll(async () => {
    db = await testDatabase('auth-sign-in');
    mq = await testBroker('auth-sign-in', 'svc-auth');
    smtp = await startMailCatcher();
    await mq.broker.subscribe('auth-test', ['auth.#'], async (event) => void events.push(event.type), { exclusive: true });
    await ensureAuthIndexes(authRepositories(db.connection, testOutbox(db.connection, mq.broker)));
    const smtpMailer = createMailer({ smtpUrl: smtp.url, from: 'Meal Prep Directory <no-reply@example.com>', outbox: '/nonexistent', logger: silentLogger, site: () => TEST_MAIL_SITE });
    const mailer = {
      ...smtpMailer,
      send: (draft: Parameters<typeof smtpMailer.send>[0]) => (draft(TEST_MAIL_SITE).to === UNDELIVERABLE ? Promise.reject(new Error('550 mailbox unavailable')) : smtpMailer.send(draft)),
    };
    http = await serve(
      createAuthApp({
        logger: createLogger('svc-auth', 'silent'),
        connection: db.connection,
        broker: mq.broker,
        identitySecret: TEST_IDENTITY_SECRET,
        siteUrl: SITE_URL,
        adminEmails: [ADMIN],
        mailer,
        now: () => new Date(Date.now() + clock),
      }),
    );
  });

  afterAll(async () => {
    await http?.close();
    await smtp?.close();
    await mq?.destroy();
    await db?.drop();
  });

  /** Each test calls from its own client address unless it says otherwise, so IP limits stay apart. */
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${http.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...asClient(`10.0.0.${++ipCounter % 250}`), ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  const requestMail = async (email: string, headers: Record<string, string> = {}) => {
    const started = Date.now();
    const response = await post('/login/request', { email }, headers);
    expect(response.status).toBe(202);
    return { mail: await smtp.next(email.trim().toLowerCase(), started), started };
  };

  const cookieOf = (response: Response) => /mealprep_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '';

  const resolve = async (token: string) => {
    const response = await fetch(`${http.url}/internal/sessions/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signInternal(TEST_IDENTITY_SECRET) },
      body: JSON.stringify({ token }),
    });
    return ((await response.json()) as { identity: unknown }).identity;
  };

  it('when the sign-in mail cannot be sent, then the request answers 502 "Error sending link" and no session starts', async () => {
    const response = await post('/login/request', { email: UNDELIVERABLE });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: { code: 'mail_failed', message: 'Error sending link' } });
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('when someone asks for a link, then one mail with a text and an HTML part carries the site link and a 6-digit code, within a second', async () => {
    const { mail, started } = await requestMail('  New.Owner@Example.com ', { host: 'evil.example.net' });
    expect(mail.to).toBe('new.owner@example.com');
    expect(mail.receivedAt - started).toBeLessThan(1_000);
    expect(mail.subject).toBe('Your sign-in link for Meal Prep Directory');
    const { link, loginToken, selector, code } = signInParts(mail);
    // Built from SITE_URL, never from the request's Host header.
    expect(link.origin).toBe(SITE_URL);
    expect(link.pathname).toBe('/login');
    expect(loginToken.length).toBeGreaterThan(20);
    expect(selector).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.html).toContain(code);
    expect(mail.html).toContain('Meal Prep Directory');
  });

  it('when an address with an account and one without ask for a link, then both get the same answer and a mail', async () => {
    const known = signInParts((await requestMail('known@example.com')).mail);
    expect((await post('/login/code', { email: 'known@example.com', code: known.code })).status).toBe(200);
    const answers = await Promise.all(['known@example.com', 'stranger@example.com'].map((email) => post('/login/request', { email })));
    expect(answers.map((a) => a.status)).toEqual([202, 202]);
    expect(await Promise.all(answers.map((a) => a.json()))).toEqual([{ sent: true }, { sent: true }]);
    await smtp.next('stranger@example.com');
  });

  it('when the link is used, then a new account and a session cookie are made; the link never works again', async () => {
    const { mail } = await requestMail('link.user@example.com');
    const { loginToken, selector } = signInParts(mail);
    const first = await post('/login/link', { loginToken, selector });
    expect(first.status).toBe(200);
    const body = (await first.json()) as { user: { id: string; email: string; roles: string[] } };
    expect(body.user).toMatchObject({ email: 'link.user@example.com', roles: [] });
    const setCookie = first.headers.get('set-cookie') ?? '';
    expect(setCookie).toContain(`${SESSION_COOKIE}=`);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Secure/i); // SITE_URL is https
    expect(setCookie).toMatch(/Max-Age=7776000/); // 90 days
    const token = cookieOf(first);
    expect(token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits
    // With when the account was made (its reviews wait for staff for a day).
    const identity = (await resolve(token)) as { since: string };
    expect(identity).toEqual({ userId: body.user.id, email: 'link.user@example.com', roles: [], since: expect.any(String) });
    expect(Math.abs(Date.parse(identity.since) - Date.now())).toBeLessThan(60_000);
    // Events reach this test's queue through the broker, a moment after the answer.
    await expect.poll(() => events).toContain('auth.user.created');

    const again = await post('/login/link', { loginToken, selector });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(LINK_INVALID);
  });

  it('when one link is used twice at the same moment, then exactly one use signs in', async () => {
    const { mail } = await requestMail('race@example.com');
    const { loginToken, selector } = signInParts(mail);
    const answers = await Promise.all(Array.from({ length: 10 }, () => post('/login/link', { loginToken, selector })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(400)]);
    // The code of that mail went with it.
    const { code } = signInParts(mail);
    expect((await post('/login/code', { email: 'race@example.com', code })).status).toBe(400);
  });

  it('when wrong codes are sent all at once, then every one counts: the right code after them is refused', async () => {
    const { code } = signInParts((await requestMail('burst@example.com')).mail);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 10 }, () => post('/login/code', { email: 'burst@example.com', code: wrong })));
    expect(answers.every((a) => a.status === 400)).toBe(true);
    const right = await post('/login/code', { email: 'burst@example.com', code });
    expect(right.status).toBe(400);
    expect(((await right.json()) as { error: { message: string } }).error.message).toBe(CODE_LOCKED);
  });

  it('when a link is tampered with, belongs to another address, or has expired, then it is refused and nothing is signed in', async () => {
    const a = signInParts((await requestMail('alice@example.com')).mail);
    const b = signInParts((await requestMail('bob@example.com')).mail);
    const tampered = `${a.loginToken.slice(0, -4)}AAAA`;
    for (const attempt of [
      { loginToken: tampered, selector: a.selector },
      { loginToken: a.loginToken, selector: b.selector },
      { loginToken: b.loginToken, selector: a.selector },
    ]) {
      const response = await post('/login/link', attempt);
      expect(response.status).toBe(400);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    clock = 11 * 60_000;
    try {
      const late = await post('/login/link', { loginToken: a.loginToken, selector: a.selector });
      expect(late.status).toBe(400);
      const lateCode = await post('/login/code', { email: 'bob@example.com', code: b.code });
      expect(lateCode.status).toBe(400);
    } finally {
      clock = 0;
    }
    // Untouched by all that, the right pair still works.
    expect((await post('/login/link', { loginToken: b.loginToken, selector: b.selector })).status).toBe(200);
  });

  it('when the code is entered, then it signs in once; five wrong codes kill it, even for the right one after', async () => {
    const { code } = signInParts((await requestMail('coder@example.com')).mail);
    const ok = await post('/login/code', { email: ' CODER@example.com', code: ` ${code} ` });
    expect(ok.status).toBe(200);
    expect(cookieOf(ok)).not.toBe('');
    expect((await post('/login/code', { email: 'coder@example.com', code })).status).toBe(400);

    const second = signInParts((await requestMail('guesser@example.com')).mail);
    const wrong = second.code === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await post('/login/code', { email: 'guesser@example.com', code: wrong });
      expect(response.status).toBe(400);
      messages.push(((await response.json()) as { error: { message: string } }).error.message);
    }
    expect(messages.slice(0, 4)).toEqual(Array(4).fill(CODE_INVALID));
    expect(messages[4]).toBe(CODE_LOCKED);
    const right = await post('/login/code', { email: 'guesser@example.com', code: second.code });
    expect(right.status).toBe(400);
    expect(right.headers.get('set-cookie')).toBeNull();
  });

  it('when five wrong codes kill a code and another mail is asked for, then the old code stays dead; only the new code signs in', async () => {
    const email = 'relock@example.com';
    const first = signInParts((await requestMail(email)).mail);
    const wrong = first.code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) expect((await post('/login/code', { email, code: wrong })).status).toBe(400);
    const second = signInParts((await requestMail(email)).mail);
    const old = await post('/login/code', { email, code: first.code });
    expect(old.status).toBe(400);
    expect(old.headers.get('set-cookie')).toBeNull();
    const fresh = await post('/login/code', { email, code: second.code });
    expect(fresh.status).toBe(200);
    expect(cookieOf(fresh)).not.toBe('');
  });

  it("when a newer mail is sent, then the older mail's link and code no longer sign in; the newest link does", async () => {
    const email = 'twice@example.com';
    const first = signInParts((await requestMail(email)).mail);
    const second = signInParts((await requestMail(email)).mail);
    const oldLink = await post('/login/link', { loginToken: first.loginToken, selector: first.selector });
    expect(oldLink.status).toBe(400);
    expect(((await oldLink.json()) as { error: { message: string } }).error.message).toBe(LINK_INVALID);
    expect(oldLink.headers.get('set-cookie')).toBeNull();
    const oldCode = await post('/login/code', { email, code: first.code === second.code ? '' : first.code });
    expect(oldCode.status).toBe(400);
    expect(oldCode.headers.get('set-cookie')).toBeNull();
    const newLink = await post('/login/link', { loginToken: second.loginToken, selector: second.selector });
    expect(newLink.status).toBe(200);
    expect(((await newLink.json()) as { user: { email: string } }).user.email).toBe(email);
  });

  it('when the page asks whom a link is for, then it hears the address and the link is not used; once signed in, the check refuses it', async () => {
    const { loginToken, selector } = signInParts((await requestMail('Peek@Example.com')).mail);
    for (let i = 0; i < 2; i += 1) {
      const check = await post('/login/link/check', { loginToken, selector });
      expect(check.status).toBe(200);
      expect(check.headers.get('set-cookie')).toBeNull();
      expect(check.headers.get('cache-control')).toBe('no-store');
      expect(await check.json()).toEqual({ email: 'peek@example.com' });
    }
    const signedIn = await post('/login/link', { loginToken, selector });
    expect(signedIn.status).toBe(200);
    const after = await post('/login/link/check', { loginToken, selector });
    expect(after.status).toBe(400);
    expect(((await after.json()) as { error: { message: string } }).error.message).toBe(LINK_INVALID);
  });

  it("when a link check comes with a tampered token, another mail's selector, a superseded or expired link, then it tells nothing but that the link does not work", async () => {
    const a = signInParts((await requestMail('checka@example.com')).mail);
    const b = signInParts((await requestMail('checkb@example.com')).mail);
    const superseded = signInParts((await requestMail('checkb@example.com')).mail);
    const refused = async (body: unknown) => {
      const response = await post('/login/link/check', body);
      expect(response.status).toBe(400);
      const text = await response.text();
      expect((JSON.parse(text) as { error: { message: string } }).error.message).toBe(LINK_INVALID);
      expect(text).not.toMatch(/check[ab]@example\.com/);
    };
    await refused({ loginToken: `${a.loginToken.slice(0, -4)}AAAA`, selector: a.selector });
    await refused({ loginToken: a.loginToken, selector: superseded.selector });
    await refused({ loginToken: b.loginToken, selector: b.selector });
    clock = 11 * 60_000;
    try {
      await refused({ loginToken: a.loginToken, selector: a.selector });
    } finally {
      clock = 0;
    }
    for (const body of [{ loginToken: { $ne: null }, selector: a.selector }, { loginToken: a.loginToken, selector: a.selector, email: 'checka@example.com' }, {}]) {
      const response = await post('/login/link/check', body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('bad_request');
    }
    // None of that used a link.
    expect((await post('/login/link/check', { loginToken: a.loginToken, selector: a.selector })).status).toBe(200);
    expect((await post('/login/link', { loginToken: superseded.loginToken, selector: superseded.selector })).status).toBe(200);
  });

  it('when one address asks for a 4th mail within 15 minutes, or one client for a 31st within an hour, then it gets a 429 with Retry-After', async () => {
    for (let i = 0; i < 3; i += 1) await requestMail('flood@example.com');
    const before = smtp.mails.length;
    const fourth = await post('/login/request', { email: 'flood@example.com' });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(((await fourth.json()) as { error: { message: string } }).error.message).toMatch(/^Too many sign-in e-mails\. Please wait 1[45] minutes and try again\.$/);

    const sameClient = asClient('192.0.2.77');
    const answers: number[] = [];
    for (let i = 0; i < 31; i += 1) answers.push((await post('/login/request', { email: `ip${i}@example.com` }, sameClient)).status);
    expect(answers.slice(0, 30).every((s) => s === 202)).toBe(true);
    expect(answers[30]).toBe(429);
    // A marker through the same path (another client, another address): once its mail is here,
    // so is any the refused asks sent.
    await requestMail('flood-marker@example.com');
    expect(smtp.mails.length).toBe(before + 31);
    expect(smtp.mails.filter((m) => m.to === 'flood@example.com')).toHaveLength(3);
    expect(smtp.mails.filter((m) => m.to === 'ip30@example.com')).toEqual([]);
  });

  it('when one client names a new address in X-Forwarded-For on every request, then it is still one client: its 31st mail in an hour is refused', async () => {
    const before = smtp.mails.length;
    const answers: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      // No gateway signature: whatever the caller claims, it is the address it connects from.
      const response = await fetch(`${http.url}/login/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}`, forwarded: `for=198.51.100.${i + 1}` },
        body: JSON.stringify({ email: `forged${i}@example.com` }),
      });
      answers.push(response.status);
    }
    expect(answers).toEqual([...Array(30).fill(202), 429]);
    await expect.poll(() => smtp.mails.length).toBe(before + 30);
  });

  it('when the e-mail is malformed, empty, 10 KB long or an operator object, then a 400 says so and no mail goes out', async () => {
    const before = smtp.mails.length;
    for (const body of [{ email: 'not-an-email' }, { email: '' }, { email: `${'a'.repeat(10_000)}@example.com` }, { email: { $ne: null } }, { email: 'a@b.co', extra: 1 }, {}]) {
      const response = await post('/login/request', body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('bad_request');
    }
    for (const body of [
      { email: 'x@example.com', code: { $ne: null } },
      { email: { $gt: '' }, code: '123456' },
      { email: 'x@example.com', code: '12345a' },
    ]) {
      expect((await post('/login/code', body)).status).toBe(400);
    }
    expect((await post('/login/link', { loginToken: { $ne: null }, selector: 'x'.repeat(20) })).status).toBe(400);
    expect((await post('/login/request', '{"email": ')).status).toBe(400);
    // A marker through the same path: once its mail is here, so is any the refused requests sent.
    const marker = await requestMail('malformed-marker@example.com');
    expect(smtp.mails.length).toBe(before + 1);
    expect(smtp.mails.at(-1)).toBe(marker.mail);
  });

  it('when an address of ADMIN_EMAILS signs in, then it is an admin; is-admin answers from the signed identity', async () => {
    const { code } = signInParts((await requestMail(ADMIN)).mail);
    const response = await post('/login/code', { email: ADMIN, code });
    const { user } = (await response.json()) as { user: { id: string; roles: string[] } };
    expect(user.roles).toEqual(['admin']);
    await expect.poll(() => events).toContain('auth.user.roles-changed');
    const asAdmin = await fetch(`${http.url}/admin/is-admin`, { headers: signIdentity({ userId: user.id, email: ADMIN, roles: ['admin'] }, TEST_IDENTITY_SECRET) });
    expect(await asAdmin.json()).toEqual({ isAdmin: true });
    expect(await (await fetch(`${http.url}/admin/is-admin`)).json()).toEqual({ isAdmin: false });
    expect(await (await fetch(`${http.url}/me`)).json()).toEqual({ user: null });
    const forged = await fetch(`${http.url}/admin/is-admin`, { headers: signIdentity({ userId: user.id, email: ADMIN, roles: ['admin'] }, 'x'.repeat(40)) });
    expect(await forged.json()).toEqual({ isAdmin: false });
  });

  it('when the user logs out, then the session is revoked at once and announced', async () => {
    const { code } = signInParts((await requestMail('leaver@example.com')).mail);
    const token = cookieOf(await post('/login/code', { email: 'leaver@example.com', code }));
    expect(await resolve(token)).not.toBeNull();
    const out = await post('/logout', {}, { cookie: `${SESSION_COOKIE}=${token}` });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/mealprep_session=;/);
    expect(await resolve(token)).toBeNull();
    const deadline = Date.now() + 2_000;
    while (!events.includes('auth.session.revoked') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(events).toContain('auth.session.revoked');
  });

  it('when anyone but the gateway asks to resolve a session, then it is refused', async () => {
    const response = await fetch(`${http.url}/internal/sessions/resolve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mealprep-internal': 'internal.1.forged' },
      body: JSON.stringify({ token: 'a'.repeat(43) }),
    });
    expect(response.status).toBe(403);
  });
});
