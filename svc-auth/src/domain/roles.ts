import type { DomainEvents } from '@mealprep/service-kit';
import type { UserRepository } from '../data-access/user-repository';

/**
 * Grants or revokes a role by e-mail address (the admin CLI). Granting to an address that never
 * signed in makes its account, so the role is there on first sign-in.
 */
export async function changeRole(
  deps: { users: UserRepository; events: DomainEvents; now?: () => Date },
  change: { action: 'grant' | 'revoke'; email: string; role: 'admin' },
): Promise<{ userId: string | null; changed: boolean }> {
  const now = deps.now?.() ?? new Date();
  const rolesChanged = (userId: string) => (roles: Array<'admin'>) => [deps.events.event('auth.user.roles-changed', { userId, roles })];
  if (change.action === 'grant') {
    const { user } = await deps.users.findOrCreate(change.email, now, (created) => [deps.events.event('auth.user.created', { userId: created.id, email: created.email })]);
    const changed = await deps.users.grant(user.id, change.role, now, rolesChanged(user.id));
    await deps.events.relay();
    return { userId: user.id, changed };
  }
  const user = await deps.users.findByEmail(change.email);
  if (!user) return { userId: null, changed: false };
  const changed = await deps.users.revoke(user.id, change.role, rolesChanged(user.id));
  await deps.events.relay();
  return { userId: user.id, changed };
}
