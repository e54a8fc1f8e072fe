import { Router } from 'express';
import { LeadDeleteBodySchema, LeadRequestSchema, NoQuerySchema, ServiceIdParamsSchema, SlugParamsSchema } from '@mealprep/contracts';
import { parseInput, route } from '@mealprep/service-kit';
import { deleteLead, leadForm, leadFormBySlug, sendLead, type LeadDeps } from '../../domain/leads/leads';

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
  // The same, for the quote page, which knows the listing by its address: read by the server render, never kept (each form its own token).
  router.get(
    '/services/by-slug/:slug/lead-form',
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      const { slug } = parseInput(SlugParamsSchema, req.params, 'service');
      res.set('cache-control', 'no-store');
      res.json(await leadFormBySlug(deps, slug));
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
