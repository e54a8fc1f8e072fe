import { AppError } from '@mealprep/service-kit';
import { resolveSession } from './sessions';
import { CODE_INVALID, CODE_LOCKED, LINK_INVALID, SignIn, type SignInLink } from './sign-in';
import { fakeClock, fakeEvents, fakeLogger, fakeMailer, fakeSendLog, fakeSessions, fakeTokens, fakeUsers } from '../testing/fakes';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const SITE = 'https://mealprep.test';

function setUp(options: { adminEmails?: string[] } = {}) {
  const clock = fakeClock();
  const events = fakeEvents();
  const users = fakeUsers(events.written);
  const tokens = fakeTokens();
  const sends = fakeSendLog();
  const sessions = fakeSessions(events.written);
  const mail = fakeMailer();
  const log = fakeLogger();
  const signIn = new SignIn({
    users: users.repo,
    tokens: tokens.repo,
    sessions: sessions.repo,
    sends: sends.repo,
    mailer: mail.mailer,
    events: events.events,
    logger: log.logger,
    secret: 'a-test-secret-of-some-length',
    siteUrl: SITE,
    adminEmails: options.adminEmails ?? [],
    now: clock.now,
  });
  // The magic-link strategy's part: a signed token per mail, remembered so `accept` can check it.
  const tokenEmails = new Map<string, string>();
  let made = 0;
  const send = async (email: string) => {
    const token = `signed-token-${++made}`;
    tokenEmails.set(token, email);
    await signIn.deliver(email, token);
  };
  const accept = async (link: SignInLink) => {
    const email = tokenEmails.get(link.loginToken);
    return email && (await signIn.useLink(link, email)) ? email : null;
  };
  const request = (email: string, ip = '203.0.113.7') => signIn.requestLink(email, ip, send);
  /** The newest mail to an address, read as its reader would: the code and the link's parameters. */
  const mailTo = (email: string) => {
    const message = mail.sent.filter((m) => m.to === email).at(-1);
    if (!message) throw new Error(`no mail to ${email}`);
    const code = /enter this code on the sign-in page: (\d+)/.exec(message.text)?.[1] ?? '';
    const url = new URL(message.text.split('\n').find((line) => line.startsWith(SITE)) ?? '');
    const link: SignInLink = { loginToken: url.searchParams.get('loginToken') ?? '', selector: url.searchParams.get('selector') ?? '' };
    return { message, code, url, link };
  };
  const sessionsDeps = { sessions: sessions.repo, users: users.repo, now: clock.now };
  return { signIn, clock, events, users, mail, log, request, mailTo, accept, sessionsDeps };
}

/** The AppError a call was refused with. */
async function refusal(call: Promise<unknown>): Promise<AppError> {
  try {
    await call;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('it was not refused');
}

/** A code of the same length that is not the one given. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('the sign-in e-mail', () => {
  it('goes to the address with a link to /login carrying a token and a selector, and a 6-digit code that expires in 10 minutes', async () => {
    const t = setUp();
    await t.request('ana@example.com');
    expect(t.mail.sent).toHaveLength(1);
    const { message, code, url, link } = t.mailTo('ana@example.com');
    expect(message.subject).toBe('Your sign-in link for Meal Prep Directory');
    expect(code).toMatch(/^\d{6}$/);
    expect(`${url.origin}${url.pathname}`).toBe(`${SITE}/login`);
    expect(link.loginToken).toBe('signed-token-1');
    expect(link.selector.length).toBeGreaterThanOrEqual(16);
    expect(message.text).toContain('expire in 10 minutes');
    expect(message.html).toContain(code);
  });

  it('when the mail cannot be sent, the refusal is a 502 "Error sending link" and its cause is logged', () => {
    const t = setUp();
    const cause = new Error('connection refused by smtp');
    const error = t.signIn.mailNotSent(cause);
    expect(error).toMatchObject({ code: 'mail_failed', status: 502, message: 'Error sending link' });
    expect(t.log.errors).toEqual([expect.objectContaining({ err: cause })]);
  });
});

describe('signing in with the code', () => {
  it('when the code is right, a new person gets an account and a 90-day session, and is no admin', async () => {
    const t = setUp();
    await t.request('ana@example.com');
    const signedIn = await t.signIn.loginWithCode('ana@example.com', t.mailTo('ana@example.com').code);
    expect(signedIn.user).toMatchObject({ email: 'ana@example.com', roles: [] });
    expect(signedIn.session.maxAgeMs).toBe(90 * DAY);
    expect(t.events.types()).toEqual(['auth.user.created']);
    expect(await resolveSession(t.sessionsDeps, signedIn.session.token)).toEqual({ userId: signedIn.user.id, email: 'ana@example.com', roles: [] });
  });

  it('when the address is one of the admin addresses, the person is admin from that sign-in on; another address is not', async () => {
    const t = setUp({ adminEmails: ['boss@example.com'] });
    await t.request('boss@example.com');
    await t.request('cook@example.com');
    const boss = await t.signIn.loginWithCode('boss@example.com', t.mailTo('boss@example.com').code);
    const cook = await t.signIn.loginWithCode('cook@example.com', t.mailTo('cook@example.com').code);
    expect(boss.user.roles).toEqual(['admin']);
    expect(cook.user.roles).toEqual([]);
    expect(t.events.written.filter((e) => e.type === 'auth.user.roles-changed').map((e) => e.payload)).toEqual([{ userId: boss.user.id, roles: ['admin'] }]);
  });

  it('when the person signed in before, the same account is used and no second one is announced', async () => {
    const t = setUp();
    await t.request('ana@example.com');
    const first = await t.signIn.loginWithCode('ana@example.com', t.mailTo('ana@example.com').code);
    await t.request('ana@example.com');
    const second = await t.signIn.loginWithCode('ana@example.com', t.mailTo('ana@example.com').code);
    expect(second.user.id).toBe(first.user.id);
    expect(second.session.token).not.toBe(first.session.token);
    expect(t.users.count()).toBe(1);
    expect(t.events.types()).toEqual(['auth.user.created']);
  });

  it('a code signs in once: the same code again is refused', async () => {
    const t = setUp();
    await t.request('ana@example.com');
    const { code } = t.mailTo('ana@example.com');
    await t.signIn.loginWithCode('ana@example.com', code);
    const error = await refusal(t.signIn.loginWithCode('ana@example.com', code));
    expect(error).toMatchObject({ code: 'code_invalid', status: 400, message: CODE_INVALID });
  });

  it('a code works until 10 minutes have passed, and not from then on', async () => {
    const t = setUp();
    await t.request('ana@example.com');
    await t.request('bo@example.com');
    t.clock.advance(10 * MINUTE - 1_000);
    await expect(t.signIn.loginWithCode('ana@example.com', t.mailTo('ana@example.com').code)).resolves.toMatchObject({ user: { email: 'ana@example.com' } });
    t.clock.advance(1_000);
    expect(await refusal(t.signIn.loginWithCode('bo@example.com', t.mailTo('bo@example.com').code))).toMatchObject({ code: 'code_invalid', message: CODE_INVALID });
  });

  it('after five wrong codes the fifth answer says too many, and then even the right code is refused', async () => {
    const t = setUp();
    await t.request('ana@example.com');
    const { code } = t.mailTo('ana@example.com');
    const wrong = otherCode(code);
    for (let i = 0; i < 4; i += 1) expect(await refusal(t.signIn.loginWithCode('ana@example.com', wrong))).toMatchObject({ code: 'code_invalid' });
    expect(await refusal(t.signIn.loginWithCode('ana@example.com', wrong))).toMatchObject({ code: 'code_locked', status: 400, message: CODE_LOCKED });
    expect(await refusal(t.signIn.loginWithCode('ana@example.com', code))).toMatchObject({ code: 'code_locked' });
    expect(t.users.count()).toBe(0);
  });

  it('after a code was killed by wrong tries, a new e-mail brings a new code that works', async () => {
    const t = setUp();
    await t.request('ana@example.com');
    const wrong = otherCode(t.mailTo('ana@example.com').code);
    for (let i = 0; i < 5; i += 1) await refusal(t.signIn.loginWithCode('ana@example.com', wrong));
    await t.request('ana@example.com');
    await expect(t.signIn.loginWithCode('ana@example.com', t.mailTo('ana@example.com').code)).resolves.toMatchObject({ user: { email: 'ana@example.com' } });
  });

  it('only the newest e-mail works: the code and the link of an earlier one are refused', async () => {
    const t = setUp();
    await t.request('ana@example.com');
    const older = t.mailTo('ana@example.com');
    t.clock.advance(MINUTE);
    await t.request('ana@example.com');
    const newer = t.mailTo('ana@example.com');
    expect(newer.link.selector).not.toBe(older.link.selector);
    expect(await refusal(t.signIn.checkLink(older.link))).toMatchObject({ status: 400, message: LINK_INVALID });
    expect(await refusal(t.signIn.loginWithLink(older.link, t.accept))).toMatchObject({ message: LINK_INVALID });
    if (older.code !== newer.code) expect(await refusal(t.signIn.loginWithCode('ana@example.com', older.code))).toMatchObject({ code: 'code_invalid' });
    await expect(t.signIn.loginWithCode('ana@example.com', newer.code)).resolves.toMatchObject({ user: { email: 'ana@example.com' } });
  });

  it("a code is bound to its address: another address's code, or a code for an address that was sent nothing, is refused", async () => {
    const t = setUp();
    await t.request('ana@example.com');
    await t.request('bo@example.com');
    const anas = t.mailTo('ana@example.com').code;
    if (anas !== t.mailTo('bo@example.com').code) expect(await refusal(t.signIn.loginWithCode('bo@example.com', anas))).toMatchObject({ code: 'code_invalid' });
    expect(await refusal(t.signIn.loginWithCode('nobody@example.com', anas))).toMatchObject({ code: 'code_invalid' });
    expect(t.users.count()).toBe(0);
  });

  it('a code of the wrong length, with a space after it, or empty never signs in', async () => {
    const t = setUp();
    await t.request('ana@example.com');
    const { code } = t.mailTo('ana@example.com');
    for (const bent of [code.slice(1), `${code}0`, `${code} `, '']) expect((await refusal(t.signIn.loginWithCode('ana@example.com', bent))).code).toBe('code_invalid');
    expect(t.users.count()).toBe(0);
  });
});

describe('signing in with the link', () => {
  it('the link tells whom it is for without using it, then signs in once; its code is then used up too', async () => {
    const t = setUp();
    await t.request('ana@example.com');
    const { link, code } = t.mailTo('ana@example.com');
    expect(await t.signIn.checkLink(link)).toEqual({ email: 'ana@example.com' });
    expect(await t.signIn.checkLink(link)).toEqual({ email: 'ana@example.com' });
    const signedIn = await t.signIn.loginWithLink(link, t.accept);
    expect(signedIn.user.email).toBe('ana@example.com');
    expect(await refusal(t.signIn.loginWithLink(link, t.accept))).toMatchObject({ status: 400, message: LINK_INVALID });
    expect(await refusal(t.signIn.checkLink(link))).toMatchObject({ message: LINK_INVALID });
    expect(await refusal(t.signIn.loginWithCode('ana@example.com', code))).toMatchObject({ code: 'code_invalid' });
  });

  it('a link whose token is not the one mailed with its selector is refused before the token check is asked', async () => {
    const t = setUp();
    await t.request('ana@example.com');
    const { link } = t.mailTo('ana@example.com');
    const accept = vi.fn(t.accept);
    expect(await refusal(t.signIn.loginWithLink({ ...link, loginToken: `${link.loginToken}x` }, accept))).toMatchObject({ message: LINK_INVALID });
    expect(await refusal(t.signIn.loginWithLink({ ...link, selector: 'not-a-selector' }, accept))).toMatchObject({ message: LINK_INVALID });
    expect(accept).not.toHaveBeenCalled();
  });

  it('when the token check refuses the link (its signature expired), nobody is signed in', async () => {
    const t = setUp();
    await t.request('ana@example.com');
    const { link } = t.mailTo('ana@example.com');
    expect(await refusal(t.signIn.loginWithLink(link, async () => null))).toMatchObject({ message: LINK_INVALID });
    expect(t.users.count()).toBe(0);
  });

  it('a link is not used for another address than its own', async () => {
    const t = setUp();
    await t.request('ana@example.com');
    const { link } = t.mailTo('ana@example.com');
    expect(await t.signIn.useLink(link, 'mallory@example.com')).toBe(false);
    expect(await t.signIn.useLink(link, 'ana@example.com')).toBe(true);
    expect(await t.signIn.useLink(link, 'ana@example.com')).toBe(false);
  });

  it('a link stops working 10 minutes after it was sent', async () => {
    const t = setUp();
    await t.request('ana@example.com');
    t.clock.advance(10 * MINUTE);
    expect(await refusal(t.signIn.checkLink(t.mailTo('ana@example.com').link))).toMatchObject({ message: LINK_INVALID });
  });
});

describe('how many sign-in e-mails may be sent', () => {
  it('three to an address in 15 minutes; the fourth is a 429 saying to wait 15 minutes, with Retry-After, and is not sent', async () => {
    const t = setUp();
    for (let i = 0; i < 3; i += 1) await t.request('ana@example.com');
    const error = await refusal(t.request('ana@example.com'));
    expect(error).toMatchObject({ code: 'too_many_requests', status: 429, retryAfterSeconds: 15 * 60, message: 'Too many sign-in e-mails. Please wait 15 minutes and try again.' });
    expect(t.mail.sent).toHaveLength(3);
  });

  it('the wait counts from the oldest mail: 14½ minutes on it is "1 minute", and once 15 minutes have passed a mail goes out again', async () => {
    const t = setUp();
    for (let i = 0; i < 3; i += 1) await t.request('ana@example.com');
    t.clock.advance(14.5 * MINUTE);
    expect(await refusal(t.request('ana@example.com'))).toMatchObject({ retryAfterSeconds: 30, message: 'Too many sign-in e-mails. Please wait 1 minute and try again.' });
    t.clock.advance(0.5 * MINUTE + 1_000);
    await t.request('ana@example.com');
    expect(t.mail.sent).toHaveLength(4);
  });

  it('the limit of an address holds whatever client asks', async () => {
    const t = setUp();
    await t.request('ana@example.com', '198.51.100.1');
    await t.request('ana@example.com', '198.51.100.2');
    await t.request('ana@example.com', '2001:db8:5::1');
    expect((await refusal(t.request('ana@example.com', '198.51.100.3'))).status).toBe(429);
  });

  it('thirty from one client in an hour, whatever the addresses; a refused request gives its address back the slot it took', async () => {
    const t = setUp();
    for (let i = 0; i < 30; i += 1) await t.request(`person${i}@example.com`, '203.0.113.9');
    expect(await refusal(t.request('zoe@example.com', '203.0.113.9'))).toMatchObject({ status: 429, message: expect.stringContaining('60 minutes') });
    // zoe's own three mails are all still hers, from another client.
    for (let i = 0; i < 3; i += 1) await t.request('zoe@example.com', '203.0.113.10');
    expect(t.mail.sent.filter((m) => m.to === 'zoe@example.com')).toHaveLength(3);
  });

  it('an IPv6 client counts as its /64: stepping through its addresses passes no limit, another /64 is another client', async () => {
    const t = setUp();
    for (let i = 0; i < 30; i += 1) await t.request(`person${i}@example.com`, `2001:db8:1:2::${(i + 1).toString(16)}`);
    expect((await refusal(t.request('zoe@example.com', '2001:db8:1:2:ffff:ffff:ffff:ffff'))).status).toBe(429);
    await t.request('zoe@example.com', '2001:db8:1:3::1');
    expect(t.mail.sent).toHaveLength(31);
  });
});

describe('logging out', () => {
  it('ends the session at once and announces it for the gateway; no token, or one already ended, changes nothing', async () => {
    const t = setUp();
    await t.request('ana@example.com');
    const { session, user } = await t.signIn.loginWithCode('ana@example.com', t.mailTo('ana@example.com').code);
    await t.signIn.logout(session.token);
    expect(await resolveSession(t.sessionsDeps, session.token)).toBeNull();
    const revoked = t.events.written.filter((e) => e.type === 'auth.session.revoked');
    expect(revoked).toHaveLength(1);
    expect(revoked[0]?.payload).toMatchObject({ userId: user.id });
    await t.signIn.logout(undefined);
    await t.signIn.logout(session.token);
    expect(t.events.written.filter((e) => e.type === 'auth.session.revoked')).toHaveLength(1);
  });
});
