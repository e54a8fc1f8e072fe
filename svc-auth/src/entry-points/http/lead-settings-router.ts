import { escapeHtml, LeadAddressConfirmQuerySchema, LeadSettingsChangeSchema, NoQuerySchema } from '@mealprep/contracts';
import { AppError, parseInput, requireSignIn, route } from '@mealprep/service-kit';
import { Router } from 'express';
import { changeLeadSettings, confirmLeadAddress, leadSettings, type LeadDeliveryDeps } from '../../domain/lead-delivery';

/** A short page of its own (the link is opened from a mail, maybe on another device than the dashboard). */
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5"><main><h1>${title}</h1>${body}</main></body></html>`;

/**
 * Where and how the signed-in owner's quote requests are mailed, and the link that confirms another
 * address: opening it shows a button (a mail scanner following links confirms nothing); the button's
 * POST confirms.
 */
export function leadSettingsRouter(deps: LeadDeliveryDeps): Router {
  const router = Router();
  router.get(
    '/lead-settings',
    requireSignIn,
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      res.set('cache-control', 'no-store').json(await leadSettings(deps, req.identity!));
    }),
  );
  router.put(
    '/lead-settings',
    requireSignIn,
    route(async (req, res) => {
      parseInput(NoQuerySchema, req.query, 'query');
      const change = parseInput(LeadSettingsChangeSchema, req.body, 'settings');
      res.set('cache-control', 'no-store').json(await changeLeadSettings(deps, req.identity!, change));
    }),
  );
  router.get(
    '/lead-settings/confirm',
    route(async (req, res) => {
      const { token } = parseInput(LeadAddressConfirmQuerySchema, req.query, 'query');
      res
        .set('cache-control', 'no-store')
        .type('html')
        .send(
          page(
            'Confirm this address',
            `<p>Press Confirm to have your customers' quote requests sent to this address.</p><form method="post" action="/api/auth/lead-settings/confirm?token=${encodeURIComponent(token)}"><button type="submit">Confirm</button></form>`,
          ),
        );
    }),
  );
  router.post(
    '/lead-settings/confirm',
    route(async (req, res) => {
      const { token } = parseInput(LeadAddressConfirmQuerySchema, req.query, 'query');
      // The button's form wants a page; a script, JSON.
      const wantsPage = req.accepts(['json', 'html']) === 'html';
      let address: string;
      try {
        address = await confirmLeadAddress(deps, token);
      } catch (err) {
        if (!(err instanceof AppError) || !wantsPage) throw err;
        res
          .status(err.status)
          .set('cache-control', 'no-store')
          .type('html')
          .send(page('This link does not work', `<p>${escapeHtml(err.message)}</p>`));
        return;
      }
      res.set('cache-control', 'no-store');
      if (!wantsPage) res.json({ address });
      else res.type('html').send(page('Address confirmed', `<p>Quote requests now go to ${escapeHtml(address)}.</p><p><a href="/dashboard/leads">Your quote requests</a></p>`));
    }),
  );
  return router;
}
