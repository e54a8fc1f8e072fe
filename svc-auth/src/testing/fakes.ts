/**
 * In-memory stand-ins for svc-auth's repositories, mailer, events and logger, for the domain's
 * unit tests (no database, no broker). They keep the rules the real ones promise (one use of a
 * sign-in e-mail, the newest e-mail of an address, the send log's window, one mail per event key)
 * and record what was written, sent and announced.
 */
import type { EventEnvelope } from '@mealprep/contracts';
import type { Logger } from '@mealprep/service-kit';
import type { LoginTokenRepository, SignInMail } from '../data-access/login-token-repository';
import type { NotificationRepository } from '../data-access/notification-repository';
import type { SendLogRepository } from '../data-access/send-log-repository';
import type { SessionRepository } from '../data-access/session-repository';
import type { StoredUser, UserRepository } from '../data-access/user-repository';
import type { Mailer, MailMessage, MailSite } from '../mail/mailer';
import { fakeDomainEvents } from '@mealprep/service-kit/testing/fakes';

/** Events made by the domain, and those a write carried (what the outbox would send). */
export const fakeEvents = () => fakeDomainEvents('svc-auth');

type Role = 'admin';

export function fakeUsers(written: EventEnvelope[]) {
  const users = new Map<string, StoredUser & { lastLoginAt: Date | null }>();
  const roles = new Map<string, Set<Role>>();
  let next = 1;
  const rolesOf = async (userId: string): Promise<Role[]> => [...(roles.get(userId) ?? [])];
  const findByEmail = async (email: string): Promise<StoredUser | null> => {
    const found = [...users.values()].find((u) => u.email === email);
    return found ? { id: found.id, email: found.email } : null;
  };
  const repo = {
    findByEmail,
    async findById(id: string) {
      const found = users.get(id);
      return found ? { id: found.id, email: found.email } : null;
    },
    async findOrCreate(email: string, now: Date, announce: (user: StoredUser) => EventEnvelope[]) {
      const existing = await findByEmail(email);
      if (existing) return { user: existing, created: false };
      const id = (next++).toString(16).padStart(24, '0');
      const user = { id, email };
      written.push(...announce(user));
      users.set(id, { ...user, lastLoginAt: null });
      return { user, created: true };
    },
    async touchLogin(id: string, now: Date) {
      const user = users.get(id);
      if (user) user.lastLoginAt = now;
    },
    rolesOf,
    async grant(userId: string, role: Role, _now: Date, announce: (roles: Role[]) => EventEnvelope[]) {
      const held = roles.get(userId) ?? new Set<Role>();
      if (held.has(role)) return false;
      written.push(...announce([...held, role]));
      roles.set(userId, new Set([...held, role]));
      return true;
    },
    async revoke(userId: string, role: Role, announce: (roles: Role[]) => EventEnvelope[]) {
      const held = roles.get(userId);
      if (!held?.has(role)) return false;
      held.delete(role);
      written.push(...announce([...held]));
      return true;
    },
    async ensureIndexes() {},
  };
  return {
    repo: repo as UserRepository,
    /** A user who is already there (signed in before). */
    add(email: string): StoredUser {
      const id = (next++).toString(16).padStart(24, '0');
      users.set(id, { id, email, lastLoginAt: null });
      return { id, email };
    },
    lastLoginAt: (id: string) => users.get(id)?.lastLoginAt ?? null,
    count: () => users.size,
    remove: (id: string) => users.delete(id),
  };
}

export function fakeTokens() {
  const mails: Array<Omit<SignInMail, 'used'>> = [];
  const uses = new Set<string>();
  const tries = new Map<string, number>();
  const toMail = (mail: Omit<SignInMail, 'used'> | undefined): SignInMail | null => (mail ? { ...mail, used: uses.has(mail.selector) } : null);
  const repo = {
    async create(token: Omit<SignInMail, 'used'>) {
      mails.push({ ...token });
    },
    async bySelector(selector: string) {
      return toMail(mails.find((m) => m.selector === selector));
    },
    async newest(email: string) {
      // Newest by creation time; ties go to the one inserted last.
      let newest: Omit<SignInMail, 'used'> | undefined;
      for (const mail of mails) if (mail.email === email && (!newest || mail.createdAt >= newest.createdAt)) newest = mail;
      return toMail(newest);
    },
    async claim(selector: string) {
      if (uses.has(selector)) return false;
      uses.add(selector);
      return true;
    },
    async countCodeTry(selector: string) {
      const count = (tries.get(selector) ?? 0) + 1;
      tries.set(selector, count);
      return count;
    },
    async deleteExpired() {},
    async ensureIndexes() {},
  };
  return { repo: repo as LoginTokenRepository, mails };
}

export function fakeSendLog() {
  const sends: Array<{ key: string; at: Date }> = [];
  const repo = {
    async take(key: string, max: number, since: Date, now: Date) {
      const mine = { key, at: now };
      sends.push(mine);
      const inWindow = sends.filter((s) => s.key === key && s.at >= since);
      if (inWindow.length <= max) return { ok: true as const };
      sends.splice(sends.indexOf(mine), 1);
      const oldest = inWindow.filter((s) => s !== mine).sort((a, b) => a.at.getTime() - b.at.getTime())[0];
      return { ok: false as const, oldest: oldest?.at ?? now };
    },
    async release(key: string, at: Date) {
      const index = sends.findIndex((s) => s.key === key && s.at.getTime() === at.getTime());
      if (index >= 0) sends.splice(index, 1);
    },
    async deleteBefore() {},
    async ensureIndexes() {},
  };
  return { repo: repo as SendLogRepository, sends };
}

export function fakeSessions(written: EventEnvelope[]) {
  const sessions = new Map<string, { tokenHash: string; userId: string; createdAt: Date; expiresAt: Date; revokedAt: Date | null }>();
  const repo = {
    async create(session: { tokenHash: string; userId: string; createdAt: Date; expiresAt: Date }) {
      sessions.set(session.tokenHash, { ...session, revokedAt: null });
    },
    async liveUserId(tokenHash: string, now: Date) {
      const session = sessions.get(tokenHash);
      return session && session.revokedAt === null && session.expiresAt > now ? session.userId : null;
    },
    async revoke(tokenHash: string, now: Date, announce: (userId: string) => EventEnvelope[]) {
      const session = sessions.get(tokenHash);
      if (!session || session.revokedAt !== null) return null;
      session.revokedAt = now;
      written.push(...announce(session.userId));
      return session.userId;
    },
    async ensureIndexes() {},
  };
  return { repo: repo as SessionRepository, sessions };
}

/** One mail per key; the key can be given back. */
export function fakeNotifications() {
  const claimed = new Set<string>();
  const at = new Map<string, Date>();
  const repo = {
    async claim(key: string, when = new Date()) {
      if (claimed.has(key)) return false;
      claimed.add(key);
      at.set(key, when);
      return true;
    },
    async claimedAt(key: string) {
      return claimed.has(key) ? (at.get(key) ?? null) : null;
    },
    async has(key: string) {
      return claimed.has(key);
    },
    async release(key: string) {
      claimed.delete(key);
    },
    async ensureIndexes() {},
  };
  return { repo: repo as NotificationRepository, claimed };
}

/** The brand a fake mailer writes its mails with. */
export const TEST_MAIL_SITE: MailSite = { siteName: 'Meal Prep Directory', senderName: 'Meal Prep Directory', replyTo: '', footerText: '' };

/** Keeps every mail sent (as the brand above writes it); `failNext` makes the next sends throw, as an SMTP server that is down. */
export function fakeMailer() {
  const sent: MailMessage[] = [];
  let failures = 0;
  const mailer: Mailer = {
    async send(draft) {
      if (failures > 0) {
        failures -= 1;
        throw new Error('SMTP server is down');
      }
      sent.push(draft(TEST_MAIL_SITE));
    },
    close() {},
  };
  return {
    mailer,
    sent,
    failNext(times = 1) {
      failures = times;
    },
  };
}

/** A logger that keeps what was logged at error level. */
export function fakeLogger() {
  const errors: unknown[] = [];
  const logger = {
    info() {},
    warn() {},
    debug() {},
    error(fields: unknown) {
      errors.push(fields);
    },
    child() {
      return logger;
    },
  };
  return { logger: logger as unknown as Logger, errors };
}

/** A clock the test moves by hand. */
export function fakeClock(start = '2026-03-02T10:00:00.000Z') {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}
