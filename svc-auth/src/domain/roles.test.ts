import { changeRole } from './roles';
import { fakeClock, fakeEvents, fakeUsers } from '../testing/fakes';

function setUp() {
  const events = fakeEvents();
  const users = fakeUsers(events.written);
  return { events, users, deps: { users: users.repo, events: events.events, now: fakeClock().now } };
}

describe('granting and revoking admin by e-mail address (the admin command)', () => {
  it('granting to an address that never signed in makes its account with the role, so it is admin on first sign-in', async () => {
    const t = setUp();
    const result = await changeRole(t.deps, { action: 'grant', email: 'boss@example.com', role: 'admin' });
    expect(result.changed).toBe(true);
    const user = await t.users.repo.findByEmail('boss@example.com');
    expect(user?.id).toBe(result.userId);
    expect(await t.users.repo.rolesOf(result.userId!)).toEqual(['admin']);
    expect(t.events.written.map((e) => [e.type, e.payload])).toEqual([
      ['auth.user.created', { userId: result.userId, email: 'boss@example.com' }],
      ['auth.user.roles-changed', { userId: result.userId, roles: ['admin'] }],
    ]);
    expect(t.events.relays).toBe(1);
  });

  it('granting a role already held changes nothing and announces nothing', async () => {
    const t = setUp();
    const user = t.users.add('boss@example.com');
    await changeRole(t.deps, { action: 'grant', email: 'boss@example.com', role: 'admin' });
    const again = await changeRole(t.deps, { action: 'grant', email: 'boss@example.com', role: 'admin' });
    expect(again).toEqual({ userId: user.id, changed: false });
    expect(t.events.types()).toEqual(['auth.user.roles-changed']);
  });

  it('revoking takes the role away and announces the roles left, so cached identities of that user drop it', async () => {
    const t = setUp();
    const user = t.users.add('boss@example.com');
    await changeRole(t.deps, { action: 'grant', email: 'boss@example.com', role: 'admin' });
    const result = await changeRole(t.deps, { action: 'revoke', email: 'boss@example.com', role: 'admin' });
    expect(result).toEqual({ userId: user.id, changed: true });
    expect(await t.users.repo.rolesOf(user.id)).toEqual([]);
    expect(t.events.written.at(-1)).toMatchObject({ type: 'auth.user.roles-changed', payload: { userId: user.id, roles: [] } });
  });

  it('revoking from an unknown address, or one without the role, makes no account and announces nothing', async () => {
    const t = setUp();
    const plain = t.users.add('cook@example.com');
    expect(await changeRole(t.deps, { action: 'revoke', email: 'ghost@example.com', role: 'admin' })).toEqual({ userId: null, changed: false });
    expect(await changeRole(t.deps, { action: 'revoke', email: 'cook@example.com', role: 'admin' })).toEqual({ userId: plain.id, changed: false });
    expect(t.users.count()).toBe(1);
    expect(t.events.written).toEqual([]);
  });
});
