import { sessionHash } from '@mealprep/service-kit';
import { resolveSession } from './sessions';
import { fakeClock, fakeEvents, fakeSessions, fakeUsers } from '../testing/fakes';

const DAY = 24 * 60 * 60_000;

function setUp() {
  const clock = fakeClock();
  const events = fakeEvents();
  const users = fakeUsers(events.written);
  const sessions = fakeSessions(events.written);
  const ana = users.add('ana@example.com');
  const start = (token: string, days = 90) => sessions.repo.create({ tokenHash: sessionHash(token), userId: ana.id, createdAt: clock.now(), expiresAt: new Date(clock.now().getTime() + days * DAY) });
  return { clock, users, sessions, ana, start, deps: { sessions: sessions.repo, users: users.repo, now: clock.now } };
}

describe('who a session token belongs to', () => {
  it('a live session names its person by id and e-mail, with no roles for an ordinary user', async () => {
    const t = setUp();
    await t.start('token-of-ana');
    expect(await resolveSession(t.deps, 'token-of-ana')).toEqual({ userId: t.ana.id, email: 'ana@example.com', roles: [] });
  });

  it('roles are read at each call: an admin role granted after sign-in is there at once, and gone once revoked', async () => {
    const t = setUp();
    await t.start('token-of-ana');
    await t.users.repo.grant(t.ana.id, 'admin', t.clock.now(), () => []);
    expect((await resolveSession(t.deps, 'token-of-ana'))?.roles).toEqual(['admin']);
    await t.users.repo.revoke(t.ana.id, 'admin', () => []);
    expect((await resolveSession(t.deps, 'token-of-ana'))?.roles).toEqual([]);
  });

  it('a session is nobody once it expired (90 days) or was revoked', async () => {
    const t = setUp();
    await t.start('old-token');
    await t.start('revoked-token', 200);
    await t.sessions.repo.revoke(sessionHash('revoked-token'), t.clock.now(), () => []);
    t.clock.advance(90 * DAY - 1);
    expect(await resolveSession(t.deps, 'old-token')).not.toBeNull();
    t.clock.advance(1);
    expect(await resolveSession(t.deps, 'old-token')).toBeNull();
    expect(await resolveSession(t.deps, 'revoked-token')).toBeNull();
  });

  it('an unknown token, a token one character off, or the session of a user who no longer exists is nobody', async () => {
    const t = setUp();
    await t.start('token-of-ana');
    expect(await resolveSession(t.deps, 'token-of-anb')).toBeNull();
    expect(await resolveSession(t.deps, '')).toBeNull();
    t.users.remove(t.ana.id);
    expect(await resolveSession(t.deps, 'token-of-ana')).toBeNull();
  });
});
