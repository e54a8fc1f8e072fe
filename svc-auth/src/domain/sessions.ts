import type { Identity } from '@mealprep/contracts';
import { sessionHash } from '@mealprep/service-kit';
import type { SessionRepository } from '../data-access/session-repository';
import type { UserRepository } from '../data-access/user-repository';

export interface SessionDeps {
  sessions: SessionRepository;
  users: UserRepository;
  now?: () => Date;
}

/** Who a session token belongs to, with their roles now; null for an unknown, expired or revoked one. */
export async function resolveSession(deps: SessionDeps, token: string): Promise<Identity | null> {
  const userId = await deps.sessions.liveUserId(sessionHash(token), deps.now?.() ?? new Date());
  if (!userId) return null;
  const user = await deps.users.findById(userId);
  if (!user) return null;
  return { userId: user.id, email: user.email, roles: await deps.users.rolesOf(user.id), ...(user.createdAt ? { since: user.createdAt } : {}) };
}
