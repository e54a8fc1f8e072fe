import { Router } from 'express';
import { AdminClaimQuerySchema, ClaimBodySchema, ClaimDecisionBodySchema, ClaimIdParamsSchema, NoQuerySchema, ServiceIdParamsSchema } from '@mealprep/contracts';
import { parseInput, requireRole, requireSignIn, route } from '@mealprep/service-kit';
import { claimsForAdmin, decideClaim } from '../../domain/claims/claim-decisions';
import { checkClaim, myClaims, submitClaim, type ClaimDeps } from '../../domain/claims/claims';

/** Claims of listings: a signed-in user claims one; admins decide the ones that wait. */
export function claimsRouter(deps: ClaimDeps): Router {
  const router = Router();
  router.get(
    '/services/:id/claim',
    requireSignIn,
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      const { id } = parseInput(ServiceIdParamsSchema, req.params, 'service');
      res.set('cache-control', 'no-store');
      res.json(await checkClaim(deps, req.identity!, id));
    }),
  );
  router.post(
    '/services/:id/claims',
    requireSignIn,
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      const { id } = parseInput(ServiceIdParamsSchema, req.params, 'service');
      const { note } = parseInput(ClaimBodySchema, req.body ?? {}, 'claim');
      res.status(201).json(await submitClaim(deps, req.identity!, id, note));
    }),
  );
  router.get(
    '/claims/mine',
    requireSignIn,
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      res.set('cache-control', 'no-store');
      res.json(await myClaims(deps, req.identity!));
    }),
  );
  router.get(
    '/admin/claims',
    requireRole('admin'),
    route(async (req, res) => {
      const { status } = parseInput(AdminClaimQuerySchema, req.query, 'query');
      res.set('cache-control', 'no-store');
      res.json(await claimsForAdmin(deps, status));
    }),
  );
  router.post(
    '/admin/claims/:id/decision',
    requireRole('admin'),
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      const { id } = parseInput(ClaimIdParamsSchema, req.params, 'claim');
      const body = parseInput(ClaimDecisionBodySchema, req.body, 'decision');
      res.json(await decideClaim(deps, req.identity!, id, body.decision, body.reason, body.expectedOwnerUserId));
    }),
  );
  return router;
}
