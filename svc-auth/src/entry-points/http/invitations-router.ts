import { InvitationUnsubscribeQuerySchema } from '@mealprep/contracts';
import { AppError, parseInput, route } from '@mealprep/service-kit';
import { Router } from 'express';
import { addressOfToken, unsubscribeFromInvitations, type InvitationDeps } from '../../domain/claim-invitations';

const DONE = 'You will get no more mails inviting you to claim a listing. Visitors can still find your listing.';

/**
 * The one-click unsubscribe of the invitations to claim a listing (RFC 8058): the mail program's POST,
 * or the link in the mail opened (a GET, which answers with a short page). Honoured at once.
 */
export function invitationsRouter(deps: InvitationDeps & { secret: string; now?: () => Date }): Router {
  const router = Router();
  const unsubscribe = route(async (req, res) => {
    const { token } = parseInput(InvitationUnsubscribeQuerySchema, req.query, 'query');
    const address = addressOfToken(deps.secret, token);
    if (!address) throw AppError.badRequest('This unsubscribe link is not one of ours: use the link in the mail you got.');
    await unsubscribeFromInvitations(deps, address, deps.now?.() ?? new Date());
    res.set('cache-control', 'no-store');
    if (req.method === 'POST') res.json({ unsubscribed: true });
    else
      res
        .type('html')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Unsubscribed</title></head><body><main><h1>Unsubscribed</h1><p>${DONE}</p></main></body></html>`,
        );
  });
  router.get('/invitations/unsubscribe', unsubscribe);
  router.post('/invitations/unsubscribe', unsubscribe);
  return router;
}
