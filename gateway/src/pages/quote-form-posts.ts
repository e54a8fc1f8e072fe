import { escapeHtml, LeadAnswerSchema, REQUEST_ID_HEADER, ServiceIdParamsSchema, SlugSchema } from '@mealprep/contracts';
import { signClientAddress } from '@mealprep/service-kit';
import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type { InstancePool } from '../proxy/instance-pool';

/** A form's body is a few kilobytes at most (a 2,000-character message, written out in %-escapes, is 18 KB at worst). */
const FORM_LIMIT = '24kb';
const TIMEOUT_MS = 10_000;

export interface QuoteFormDeps {
  pool: Pick<InstancePool, 'request'>;
  secret: string;
  /** The same-origin rule the API's writes follow (a form posted from another site is refused). */
  sameOrigin: RequestHandler;
}

/**
 * A short page of the gateway's own for a form sent without JavaScript that could not be taken: what
 * the service said, and the way back (the browser's Back keeps what was typed). Every text escaped.
 */
function problemPage(res: Response, status: number, title: string, message: string, back: { href: string; text: string }): void {
  res
    .status(status)
    .type('html')
    .set('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>` +
        `<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}</style></head>` +
        `<body><main><h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p>` +
        `<p>Use your browser's Back button to correct it: what you typed is still in the form. Or <a href="${escapeHtml(back.href)}">${escapeHtml(back.text)}</a>.</p></main></body></html>`,
    );
}

/** A form field as the API takes it: one text (the first when sent twice), or every value of a list. */
const one = (value: unknown): string | undefined => (Array.isArray(value) ? one(value[0]) : typeof value === 'string' ? value : undefined);
const all = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : []);
/** A number typed in a number field; anything else is passed on as typed, for the service to name the field. */
const count = (value: string | undefined): number | string | undefined => (value !== undefined && /^[0-9]{1,6}$/.test(value.trim()) ? Number(value.trim()) : value);

/**
 * The quote form and the delete link's form without JavaScript: the browser posts them to the pages
 * they are on, and the gateway sends them to svc-catalog as the API would (the client's address
 * signed; the service checks everything), then sends the browser to the page that says what became
 * of them (303: a reload sends nothing twice). A refusal is shown with the service's message.
 */
export function quoteFormRoutes(deps: QuoteFormDeps): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: FORM_LIMIT, parameterLimit: 40 });
  const toCatalog = async (req: Request, path: string, body: unknown) =>
    deps.pool.request({
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', [REQUEST_ID_HEADER]: req.id, ...signClientAddress(req.ip ?? '', deps.secret) },
      body: JSON.stringify(body),
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
    });
  const messageOf = async (answer: Awaited<ReturnType<typeof toCatalog>>): Promise<string> => {
    const body = (await answer.body.json().catch(() => null)) as { error?: { message?: unknown } } | null;
    return typeof body?.error?.message === 'string' ? body.error.message : 'That did not work. Try again in a moment.';
  };

  router.post('/service/:slug/quote', deps.sameOrigin, form, async (req, res) => {
    const slug = SlugSchema.safeParse(req.params.slug);
    const listing = ServiceIdParamsSchema.safeParse({ id: one(req.body?.serviceId) });
    const page = slug.success ? `/service/${encodeURIComponent(slug.data)}/quote` : '/';
    const back = { href: page, text: 'open the form again' };
    if (!slug.success || !listing.success) return problemPage(res, 400, 'Your request was not sent', 'This form could not be read: load the page again and send your request from it.', back);
    const fields = (req.body ?? {}) as Record<string, unknown>;
    const altcha = one(fields.altcha);
    const request = {
      name: one(fields.name),
      email: one(fields.email),
      zip: one(fields.zip),
      mealTypes: all(fields.mealTypes),
      mealsPerWeek: count(one(fields.mealsPerWeek)),
      startDate: one(fields.startDate),
      fulfilment: one(fields.fulfilment),
      message: one(fields.message),
      website: one(fields.website) ?? '',
      formToken: one(fields.formToken),
      ...(altcha ? { altcha } : {}),
    };
    try {
      const answer = await toCatalog(req, `/services/${encodeURIComponent(listing.data.id)}/leads`, request);
      if (answer.statusCode === 201) {
        const sent = LeadAnswerSchema.safeParse(await answer.body.json());
        return res.redirect(303, `/service/${encodeURIComponent(slug.data)}/quote/sent?outcome=${sent.success ? sent.data.outcome : 'sent'}`);
      }
      if (answer.statusCode < 500) {
        const retryAfter = answer.headers['retry-after'];
        if (typeof retryAfter === 'string') res.set('retry-after', retryAfter);
        return problemPage(res, answer.statusCode, 'Your request was not sent', await messageOf(answer), back);
      }
      await answer.body.dump();
    } catch (err) {
      req.log.warn({ err }, 'a quote request sent without JavaScript could not reach svc-catalog');
    }
    problemPage(res, 503, 'Your request was not sent', 'We could not take your request just now. Please try again in a few minutes.', back);
  });

  router.post('/quote-requests/delete', deps.sameOrigin, form, async (req, res) => {
    const token = one(req.body?.token) ?? '';
    const back = { href: `/quote-requests/delete?token=${encodeURIComponent(token)}`, text: 'try again' };
    try {
      const answer = await toCatalog(req, '/leads/delete', { token });
      if (answer.statusCode === 204 || answer.statusCode === 404) {
        await answer.body.dump();
        return res.redirect(303, `/quote-requests/delete?done=${answer.statusCode === 204 ? 'deleted' : 'not-found'}`);
      }
      if (answer.statusCode < 500) return problemPage(res, answer.statusCode, 'Your request was not deleted', await messageOf(answer), back);
      await answer.body.dump();
    } catch (err) {
      req.log.warn({ err }, 'a delete link sent without JavaScript could not reach svc-catalog');
    }
    problemPage(res, 503, 'Your request was not deleted', 'We could not delete it just now. Please try again in a few minutes.', back);
  });
  return router;
}
