import { BRAND_PREVIEW_PARAM, BrandAdminViewSchema, type Identity, type PublishedBrand, type RuntimeConfig } from '@mealprep/contracts';
import { signIdentity } from '@mealprep/service-kit';
import type { RequestHandler } from 'express';
import type { InstancePool } from '../proxy/instance-pool';

/**
 * Staff's preview of the brand's draft on the real pages: a page asked for with
 * `?brand-preview=draft` by a signed-in admin is served with the draft in its runtime config (its
 * names, colours, hero, footer; the browser renders it and every page the visitor moves on to, as
 * the runtime config is read once), never by the renderer, never kept, never indexed. Anyone else
 * gets the page as it is published: the draft is read from svc-catalog as the admin, who alone may.
 */
export function brandPreview(deps: { identify: RequestHandler; pool: Pick<InstancePool, 'request'>; secret: string; configOf: (brand: PublishedBrand) => RuntimeConfig }): RequestHandler {
  const readDraft = async (identity: Identity): Promise<PublishedBrand | null> => {
    try {
      const answer = await deps.pool.request({ method: 'GET', path: '/admin/brand', headers: signIdentity(identity, deps.secret), headersTimeout: 3_000, bodyTimeout: 3_000 });
      if (answer.statusCode !== 200) {
        await answer.body.dump();
        return null;
      }
      const view = BrandAdminViewSchema.safeParse(await answer.body.json());
      return view.success ? { version: view.data.current.version, settings: view.data.draft.settings } : null;
    } catch {
      return null;
    }
  };
  return (req, res, next) => {
    if (req.method !== 'GET' || req.query[BRAND_PREVIEW_PARAM] !== 'draft') return next();
    deps.identify(req, res, () => {
      if (!req.identity?.roles.includes('admin')) return next();
      void readDraft(req.identity).then((draft) => {
        if (draft) res.locals.brandPreview = deps.configOf(draft);
        next();
      });
    });
  };
}
