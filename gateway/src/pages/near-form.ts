import { Router } from 'express';
import { MAX_PLACE_QUERY } from '@mealprep/contracts';

/**
 * The near-me search form without JavaScript asks /near?place=78701&radius=…; the page of that
 * search is /near/78701?radius=…, the address the form gives with JavaScript on. One address per
 * search: the browser is sent there (302), with every other parameter as it came. A form sent
 * with no place stays on /near, which asks for one.
 */
export function nearFormRoutes(): Router {
  const router = Router();
  router.get('/near', (req, res, next) => {
    const search = new URL(req.originalUrl, 'http://site').searchParams;
    const place = (search.get('place') ?? '').trim().slice(0, MAX_PLACE_QUERY).trim();
    if (!place) return next();
    search.delete('place');
    const rest = search.toString();
    res.set('cache-control', 'no-cache').redirect(302, `/near/${encodeURIComponent(place)}${rest ? `?${rest}` : ''}`);
  });
  return router;
}
