import { Router } from 'express';
import { IdempotencyKeySchema, ListingPhotosBodySchema, NoQuerySchema, ServiceIdParamsSchema, ServiceInsertSchema, ServiceUpdateSchema } from '@mealprep/contracts';
import { parseInput, requireSignIn, route } from '@mealprep/service-kit';
import { keyedWrite } from '../../domain/listings/keyed-write';
import { setListingPhotos } from '../../domain/listings/listing-photos';
import { createService, getEditable, submitForApproval, updateService, type OwnerDeps } from '../../domain/listings/owner-services';

/** An owner's own listings: create, read for editing, change, send for approval. Admins may do the same to any. */
export function ownerRouter(deps: OwnerDeps): Router {
  const router = Router();
  router.post(
    '/services',
    requireSignIn,
    route(async (req, res) => {
      const input = parseInput(ServiceInsertSchema, req.body, 'service');
      res.status(201).json(await createService(deps, req.identity!, input));
    }),
  );
  router.get(
    '/services/:id/edit',
    requireSignIn,
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      const { id } = parseInput(ServiceIdParamsSchema, req.params, 'service');
      res.set('cache-control', 'no-store');
      res.json(await getEditable(deps, req.identity!, id));
    }),
  );
  router.patch(
    '/services/:id',
    requireSignIn,
    route(async (req, res) => {
      const { id } = parseInput(ServiceIdParamsSchema, req.params, 'service');
      const update = parseInput(ServiceUpdateSchema, req.body, 'changes');
      const key = parseInput(IdempotencyKeySchema, req.get('idempotency-key'), 'Idempotency-Key');
      // The key is the caller's and names this request: the listing and the changes as validated.
      const write = keyedWrite(key, req.identity!, { method: 'PATCH', route: '/services/:id', target: id, body: update });
      res.json(await updateService(deps, req.identity!, id, update, { write }));
    }),
  );
  /** services.setPhotos: the whole gallery, in its order, with the cover. */
  router.put(
    '/services/:id/photos',
    requireSignIn,
    route(async (req, res) => {
      const { id } = parseInput(ServiceIdParamsSchema, req.params, 'service');
      parseInput(NoQuerySchema, req.query, 'query');
      const body = parseInput(ListingPhotosBodySchema, req.body, 'photos');
      res.json(await setListingPhotos(deps, req.identity!, id, body));
    }),
  );
  router.post(
    '/services/:id/submit',
    requireSignIn,
    route(async (req, res) => {
      const { id } = parseInput(ServiceIdParamsSchema, req.params, 'service');
      res.json(await submitForApproval(deps, req.identity!, id));
    }),
  );
  return router;
}
