import { Router } from 'express';
import { LeadChangeBodySchema, LeadDeleteBodySchema, LeadIdParamsSchema, LeadListQuerySchema, LeadRequestSchema, NoQuerySchema, ServiceIdParamsSchema, SlugParamsSchema } from '@mealprep/contracts';
import { parseInput, requireRole, requireSignIn, route } from '@mealprep/service-kit';
import { approveLead, changeLead, leadPage, leadsCsv, markLeadSpam, type LeadInboxDeps } from '../../domain/leads/lead-inbox';
import { contactEmail, deleteLead, leadForm, leadFormBySlug, sendLead, type LeadDeps } from '../../domain/leads/leads';

/** A published listing's quote form (its signed token) and the requests visitors send with it; no sign-in. */
export function leadsRouter(deps: LeadDeps & LeadInboxDeps): Router {
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
  // A listing's e-mail address, when its owner shows it: asked for by the page's button, never kept by a cache.
  router.get(
    '/services/:id/contact-email',
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      const { id } = parseInput(ServiceIdParamsSchema, req.params, 'service');
      res.set('cache-control', 'no-store');
      res.json(await contactEmail(deps, id, req.ip ?? ''));
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
  // The inbox: an owner's requests (their listings', once staff no longer hold them); staff's queue and every request.
  router.get(
    '/leads',
    requireSignIn,
    route(async (req, res) => {
      const query = parseInput(LeadListQuerySchema, req.query, 'query');
      res.set('cache-control', 'no-store');
      res.json(await leadPage(deps, req.identity!, query));
    }),
  );
  router.get(
    '/leads/export.csv',
    requireSignIn,
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      res.set({ 'cache-control': 'no-store', 'content-disposition': 'attachment; filename="quote-requests.csv"' });
      res.type('text/csv').send(await leadsCsv(deps, req.identity!));
    }),
  );
  router.patch(
    '/leads/:id',
    requireSignIn,
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      const { id } = parseInput(LeadIdParamsSchema, req.params, 'request');
      const change = parseInput(LeadChangeBodySchema, req.body, 'change');
      res.json(await changeLead(deps, req.identity!, id, change));
    }),
  );
  for (const [action, act] of [
    ['approve', approveLead],
    ['spam', markLeadSpam],
  ] as const) {
    router.post(
      `/admin/leads/:id/${action}`,
      requireRole('admin'),
      route(async (req, res) => {
        parseInput(NoQuerySchema, req.query, 'query');
        const { id } = parseInput(LeadIdParamsSchema, req.params, 'request');
        res.json(await act(deps, id));
      }),
    );
  }
  return router;
}
