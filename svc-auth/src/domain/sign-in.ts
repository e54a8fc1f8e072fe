import { LOGIN_CODE_LENGTH, LOGIN_CODE_MAX_ATTEMPTS, LOGIN_MAILS_PER_EMAIL, LOGIN_MAILS_PER_IP, LOGIN_TOKEN_TTL_MINUTES, SESSION_MAX_AGE_DAYS, type SessionUser } from '@mealprep/contracts';
import { AppError, clientOf, sessionHash, type DomainEvents, type Logger } from '@mealprep/service-kit';
import type { LoginTokenRepository, SignInMail } from '../data-access/login-token-repository';
import type { SendLogRepository } from '../data-access/send-log-repository';
import type { SessionRepository } from '../data-access/session-repository';
import type { UserRepository } from '../data-access/user-repository';
import type { Mailer } from '../mail/mailer';
import { signInMail } from '../mail/sign-in-mail';
import { codeHash, deriveKey, randomCode, randomToken, sameHash, sha256 } from './secrets';

export interface SignInDeps {
  users: UserRepository;
  tokens: LoginTokenRepository;
  sessions: SessionRepository;
  sends: SendLogRepository;
  mailer: Mailer;
  /** Events are written with the change they report (user, role, session), then relayed. */
  events: DomainEvents;
  logger: Logger;
  secret: string;
  siteUrl: string;
  adminEmails: string[];
  now?: () => Date;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const LINK_INVALID = 'This sign-in link is invalid, has expired or was already used. Request a new one.';
export const CODE_INVALID = 'That code is not right or has expired. Check the e-mail or request a new one.';
export const CODE_LOCKED = 'Too many wrong codes. Request a new sign-in e-mail.';

/** A session begun: the person, and the token their browser keeps (as a cookie, for maxAgeMs). */
export interface SignedIn {
  user: SessionUser;
  session: { token: string; maxAgeMs: number };
}

/**
 * The e-mailed link's signed token is made and checked outside the domain (entry-points/http/
 * magic-link.ts): `send` makes a token for an address and hands it to deliver(), throwing when the
 * mail was not sent; `accept` answers the address of a link whose token is genuine and unexpired,
 * once useLink() took it, or null.
 */
export type SendLinkToken = (email: string) => Promise<void>;
export type AcceptLinkToken = (link: SignInLink) => Promise<string | null>;

export type SignInLink = { loginToken: string; selector: string };

/**
 * Passwordless sign-in. The link is a signed token (10 minutes), sent with a
 * selector and a 6-digit code. Single use does not rely on the strategy's in-memory store: every
 * link and code is a record in MongoDB (hashes only), used by one unique-key insert. Only the
 * newest e-mail of an address works: a new one ends the link and code of every older one, so a
 * code killed by wrong tries stays dead and each e-mail gives five guesses at its own code only.
 */
export class SignIn {
  private readonly codeKey: string;
  private readonly now: () => Date;

  constructor(private readonly deps: SignInDeps) {
    this.now = deps.now ?? (() => new Date());
    this.codeKey = deriveKey(deps.secret, 'login-code');
  }

  /** Sends a link and code to the address (from `ip`), within the send limits. */
  async requestLink(email: string, ip: string, send: SendLinkToken): Promise<void> {
    await this.takeSendSlots(email, ip);
    await send(email);
  }

  /** The refusal when a sign-in mail could not be sent (logged with its cause). */
  mailNotSent(cause: unknown): AppError {
    if (cause !== undefined) this.deps.logger.error({ err: cause }, 'sign-in mail not sent');
    return new AppError('mail_failed', 'Error sending link', { status: 502 });
  }

  /**
   * The address a link was sent to, while the link still works; reads only, so the page can ask
   * before it signs in (and a scanner that runs the page uses nothing).
   */
  async checkLink(link: { loginToken: string; selector: string }): Promise<{ email: string }> {
    const mail = await this.liveLink(link, this.now());
    if (!mail) throw AppError.badRequest(LINK_INVALID);
    return { email: mail.email };
  }

  /** Signs in with the e-mailed link: a new session. */
  async loginWithLink(link: SignInLink, accept: AcceptLinkToken): Promise<SignedIn> {
    // Checked first so a wrong or used link never reaches the token check (which would log it).
    if (!(await this.liveLink(link, this.now()))) throw AppError.badRequest(LINK_INVALID);
    const email = await accept(link);
    if (!email) throw AppError.badRequest(LINK_INVALID);
    return this.startSession(email);
  }

  /**
   * Signs in with the 6-digit code of the address's newest e-mail. Every try is counted against
   * that e-mail before it is checked, so however many are sent at once, at most five are ever
   * compared: after five wrong ones the code is dead for good (a new e-mail brings a new code).
   */
  async loginWithCode(email: string, code: string): Promise<SignedIn> {
    const now = this.now();
    const mail = await this.liveMail(email, now);
    if (!mail) throw new AppError('code_invalid', CODE_INVALID, { status: 400 });
    const tries = await this.deps.tokens.countCodeTry(mail.selector, now);
    if (tries > LOGIN_CODE_MAX_ATTEMPTS) throw new AppError('code_locked', CODE_LOCKED, { status: 400 });
    const right = code.length === LOGIN_CODE_LENGTH && sameHash(mail.codeHash, codeHash(this.codeKey, email, code));
    if (right && (await this.deps.tokens.claim(mail.selector, now))) return this.startSession(email);
    if (tries >= LOGIN_CODE_MAX_ATTEMPTS) throw new AppError('code_locked', CODE_LOCKED, { status: 400 });
    throw new AppError('code_invalid', CODE_INVALID, { status: 400 });
  }

  /** Ends the session of this token, if it is one. */
  async logout(token: string | undefined): Promise<void> {
    if (!token) return;
    const hash = sessionHash(token);
    await this.deps.sessions.revoke(hash, this.now(), (userId) => [this.deps.events.event('auth.session.revoked', { userId, sessionHash: hash })]);
    await this.deps.events.relay();
  }

  private async takeSendSlots(email: string, ip: string): Promise<void> {
    const now = this.now();
    const limits = [
      { key: `email:${sha256(email)}`, ...LOGIN_MAILS_PER_EMAIL },
      { key: `ip:${sha256(clientOf(ip))}`, ...LOGIN_MAILS_PER_IP },
    ];
    const taken: string[] = [];
    for (const limit of limits) {
      const windowMs = limit.windowMinutes * MINUTE;
      const slot = await this.deps.sends.take(limit.key, limit.max, new Date(now.getTime() - windowMs), now);
      if (!slot.ok) {
        for (const key of taken) await this.deps.sends.release(key, now);
        const seconds = Math.max(1, Math.ceil((slot.oldest.getTime() + windowMs - now.getTime()) / 1000));
        const minutes = Math.ceil(seconds / 60);
        throw new AppError('too_many_requests', `Too many sign-in e-mails. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`, { status: 429, retryAfterSeconds: seconds });
      }
      taken.push(limit.key);
    }
  }

  /** A link's token was made for the address: stores it (hashed) with a code, and mails both; throws when the mail fails. */
  async deliver(email: string, token: string): Promise<void> {
    const now = this.now();
    const selector = randomToken(16);
    const code = randomCode(LOGIN_CODE_LENGTH);
    await this.deps.tokens.create({
      selector,
      email,
      tokenHash: sha256(token),
      codeHash: codeHash(this.codeKey, email, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + LOGIN_TOKEN_TTL_MINUTES * MINUTE),
    });
    const link = `${this.deps.siteUrl}/login?${new URLSearchParams({ loginToken: token, selector }).toString()}`;
    await this.deps.mailer.send(signInMail(email, link, code));
    // Now and then, records nobody can use any more are removed.
    if (Math.random() < 0.05) {
      const dayAgo = new Date(now.getTime() - DAY);
      await Promise.all([this.deps.tokens.deleteExpired(dayAgo), this.deps.sends.deleteBefore(dayAgo)]).catch(() => undefined);
    }
  }

  /** After the token's signature and expiry were checked: uses the link of this address, once. */
  async useLink(link: SignInLink, email: string): Promise<boolean> {
    const now = this.now();
    const mail = await this.liveLink(link, now);
    return Boolean(mail && mail.email === email && (await this.deps.tokens.claim(mail.selector, now)));
  }

  /** The one e-mail of the address that can still sign in: its newest, unused and unexpired. */
  private async liveMail(email: string, now: Date): Promise<SignInMail | null> {
    const mail = await this.deps.tokens.newest(email);
    return mail && !mail.used && mail.expiresAt > now ? mail : null;
  }

  /** The e-mail a link belongs to, when the token is its own and that e-mail can still sign in. */
  private async liveLink(link: SignInLink, now: Date): Promise<SignInMail | null> {
    const mail = await this.deps.tokens.bySelector(link.selector);
    if (!mail || !sameHash(mail.tokenHash, sha256(link.loginToken))) return null;
    const live = await this.liveMail(mail.email, now);
    return live?.selector === mail.selector ? live : null;
  }

  private async startSession(email: string): Promise<SignedIn> {
    const now = this.now();
    const events = this.deps.events;
    const { user } = await this.deps.users.findOrCreate(email, now, (created) => [events.event('auth.user.created', { userId: created.id, email })]);
    if (this.deps.adminEmails.includes(email)) await this.deps.users.grant(user.id, 'admin', now, (roles) => [events.event('auth.user.roles-changed', { userId: user.id, roles })]);
    await events.relay();
    await this.deps.users.touchLogin(user.id, now);
    const token = randomToken(32);
    await this.deps.sessions.create({
      tokenHash: sessionHash(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_DAYS * DAY),
    });
    return { user: { id: user.id, email: user.email, roles: await this.deps.users.rolesOf(user.id) }, session: { token, maxAgeMs: SESSION_MAX_AGE_DAYS * DAY } };
  }
}
