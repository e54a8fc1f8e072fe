import { Router } from 'express';
import { NoQuerySchema } from '@mealprep/contracts';
import { parseInput, requireInternal, route } from '@mealprep/service-kit';
import { z } from 'zod';
import { resolveSession, type SessionDeps } from '../../domain/sessions';

const ResolveSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/) }).strict();

export function sessionRouter(deps: SessionDeps & { secret: string }): Router {
  const router = Router();
  /** The current user as the gateway resolved them (null when signed out). */
  router.get('/me', (req, res) => {
    parseInput(NoQuerySchema, req.query, 'query');
    res.set('cache-control', 'no-store');
    const identity = req.identity;
    res.json({ user: identity ? { id: identity.userId, email: identity.email, roles: identity.roles } : null });
  });
  /** admin.isAdmin: false when signed out. */
  router.get('/admin/is-admin', (req, res) => {
    parseInput(NoQuerySchema, req.query, 'query');
    res.set('cache-control', 'no-store');
    res.json({ isAdmin: req.identity?.roles.includes('admin') ?? false });
  });
  /** Only the gateway calls this, to turn a session cookie into an identity. */
  router.post(
    '/internal/sessions/resolve',
    requireInternal(deps.secret),
    route(async (req, res) => {
      const { token } = parseInput(ResolveSchema, req.body, 'session');
      res.json({ identity: await resolveSession(deps, token) });
    }),
  );
  return router;
}
