import type { UserRepository } from '../data-access/user-repository';
import type { Publish } from './sign-in';

/**
 * Grants or revokes a role by e-mail address (the admin CLI). Granting to an address that never
 * signed in makes its account, so the role is there on first sign-in.
 */
export async function changeRole(
  deps: { users: UserRepository; publish: Publish; now?: () => Date },
  change: { action: 'grant' | 'revoke'; email: string; role: 'admin' },
): Promise<{ userId: string | null; changed: boolean }> {
  const now = deps.now?.() ?? new Date();
  if (change.action === 'grant') {
    const { user, created } = await deps.users.findOrCreate(change.email, now);
    if (created) await deps.publish('auth.user.created', { userId: user.id, email: user.email });
    const changed = await deps.users.grant(user.id, change.role, now);
    if (changed) await deps.publish('auth.user.roles-changed', { userId: user.id, roles: await deps.users.rolesOf(user.id) });
    return { userId: user.id, changed };
  }
  const user = await deps.users.findByEmail(change.email);
  if (!user) return { userId: null, changed: false };
  const changed = await deps.users.revoke(user.id, change.role);
  if (changed) await deps.publish('auth.user.roles-changed', { userId: user.id, roles: await deps.users.rolesOf(user.id) });
  return { userId: user.id, changed };
}
