import { Router } from 'express';
import { LeadDeleteBodySchema, LeadRequestSchema, NoQuerySchema, ServiceIdParamsSchema } from '@mealprep/contracts';
import { parseInput, route } from '@mealprep/service-kit';
import { deleteLead, leadForm, sendLead, type LeadDeps } from '../../domain/leads/leads';

/** A published listing's quote form (its signed token) and the requests visitors send with it; no sign-in. */
export function leadsRouter(deps: LeadDeps): Router {
  const router = Router();
  router.get(
    '/services/:id/lead-form',
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      const { id } = parseInput(ServiceIdParamsSchema, req.params, 'service');
      res.set('cache-control', 'no-store');
      res.json(await leadForm(deps, id));
    }),
  );
  router.post(
    '/services/:id/leads',
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      const { id } = parseInput(ServiceIdParamsSchema, req.params, 'service');
      const request = parseInput(LeadRequestSchema, req.body, 'request');
      const { outcome } = await sendLead(deps, id, request, req.ip ?? '');
      res.status(201).json({ outcome });
    }),
  );
  // The visitor's delete link (from the copy mailed to them): a POST, so a mail scanner opening the link deletes nothing.
  router.post(
    '/leads/delete',
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      const { token } = parseInput(LeadDeleteBodySchema, req.body, 'link');
      await deleteLead(deps, token);
      res.status(204).end();
    }),
  );
  return router;
}
