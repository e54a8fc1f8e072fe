import { createHash, randomBytes } from 'node:crypto';
import { LEAD_KEPT_DAYS, UNCLAIMED_LEAD_KEPT_DAYS, type LeadAnswer, type LeadForm, type LeadHoldReason, type LeadRequest } from '@mealprep/contracts';
import { AppError, type Outbox } from '@mealprep/service-kit';
import { TOKEN_USED, type LeadRepository } from '../../data-access/lead-repository';
import type { StoredService } from '../../data-access/service-mapping';
import type { Places } from '../catalogue/places';
import { hasLink, hasStrongLanguage, shouts, textKey } from '../reviews/review-checks';
import { checkLeadChallenge, leadChallenge } from './lead-challenge';
import { senderKey } from './lead-inbox';
import { checkLeadFormToken, leadFormToken } from './lead-form-token';

export interface LeadDeps {
  /** Finds a public listing by its address (the quote page knows only that). */
  catalog: { findPublic(slug: string): { id: string } | null };
  services: { findById(id: string): Promise<StoredService | null> };
  leads: LeadRepository;
  places: Places;
  /** The documented limits, each held across instances: per client address, per listing, per e-mail address. */
  limits: { perClient(key: string): Promise<void>; perListing(key: string): Promise<void>; perEmail(key: string): Promise<void>; revealPerClient(key: string): Promise<void> };
  /** Makes the event a kept request is announced by, and relays it once written (the outbox). */
  events: Pick<Outbox, 'event' | 'relay'>;
  /** Signs the forms' tokens. */
  secret: string;
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The same text to this many other listings within an hour is held for staff. */
const REPEAT_WINDOW_MS = 60 * 60 * 1000;
const hash = (text: string) => createHash('sha256').update(text).digest('hex');

/** The listing a request is for: published, else not found (the same answer as an unknown id). */
async function publishedListing(deps: LeadDeps, serviceId: string): Promise<StoredService> {
  const service = await deps.services.findById(serviceId);
  if (!service || service.status !== 'published') throw AppError.notFound(`There is no listing "${serviceId}".`);
  return service;
}

/** The quote form of a published listing: its token, its proof-of-work challenge, and whether anyone has claimed the listing to read requests yet. */
export async function leadForm(deps: LeadDeps, serviceId: string): Promise<LeadForm> {
  const service = await publishedListing(deps, serviceId);
  const now = (deps.now?.() ?? new Date()).getTime();
  const formToken = leadFormToken(deps.secret, service.id, now);
  return { formToken, challenge: await leadChallenge(deps.secret, formToken, now), unclaimed: service.ownerUserId === null };
}

/** The quote form of the public listing at this address (the quote page's read): as `leadForm`. */
export async function leadFormBySlug(deps: LeadDeps, slug: string): Promise<LeadForm> {
  const listed = deps.catalog.findPublic(slug);
  if (!listed) throw AppError.notFound(`There is no listing "${slug}".`);
  return leadForm(deps, listed.id);
}

const CHALLENGE_REFUSED = {
  unreadable: 'The check your browser made could not be read: load the page again and send your request from it.',
  'other-form': 'The check your browser made was for another form: load the page again and send your request from it.',
  expired: 'This form has run out (it is kept two hours): load the page again and send your request from it.',
  unsolved: 'The check your browser made did not pass: load the page again and send your request from it.',
} as const;

/** Today's date where the US day starts last (Hawaii, UTC−10): nobody in the US is told their today is past. */
const earliestStart = (now: Date) => new Date(now.getTime() - 10 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * Why staff see a request first, or null: a link, strong language or shouting in what it says, its
 * text sent to other listings within the hour, or no proof of work (a form sent without JavaScript).
 */
async function holdReason(deps: LeadDeps, serviceId: string, request: LeadRequest, key: string, now: Date): Promise<LeadHoldReason | null> {
  const said = `${request.name}\n${request.message}`;
  if (hasLink(said)) return 'link';
  if (hasStrongLanguage(said)) return 'strong-language';
  if (shouts(request.message)) return 'shouting';
  if (await deps.leads.textSentElsewhere(key, serviceId, now, REPEAT_WINDOW_MS)) return 'repeated';
  return request.altcha === undefined ? 'no-challenge' : null;
}

/**
 * A visitor's quote request to a published listing. A request whose hidden field is filled (a bot)
 * is answered as sent and kept nowhere. Otherwise its form token must be this listing's, shown at
 * least a few seconds and at most two hours ago, and not used before; its proof of work, when it
 * has one, solved for this form (without one it is held for staff); its ZIP code one of the US
 * table's; its start date not past; and the client, the listing and the e-mail address within their
 * limits. It is kept (with a hashed link that deletes it) and is then: held for staff when a check
 * finds spam, waiting for a claim when nobody owns the listing (30 days), else the owner's.
 */
export async function sendLead(deps: LeadDeps, serviceId: string, request: LeadRequest, client: string): Promise<LeadAnswer & { deleteToken: string | null }> {
  const now = deps.now?.() ?? new Date();
  const service = await publishedListing(deps, serviceId);
  if (request.website !== '') return { outcome: 'sent', deleteToken: null };
  const token = checkLeadFormToken(deps.secret, service.id, request.formToken, now.getTime());
  if (token === 'forged') throw AppError.badRequest('This form could not be checked: load the page again and send your request from it.');
  if (token === 'too-soon') throw AppError.badRequest('That was sent quicker than a person fills in the form: wait a moment and send it again.');
  if (token === 'expired') throw AppError.badRequest('This form has run out (it is kept two hours): load the page again and send your request from it.');
  if (request.altcha !== undefined) {
    const solved = await checkLeadChallenge(deps.secret, request.formToken, request.altcha);
    if (solved !== 'solved') throw AppError.badRequest(CHALLENGE_REFUSED[solved]);
  }
  if (!deps.places.byZip(request.zip)) throw AppError.badRequest(`Invalid request: zip ${request.zip} is not a US ZIP code`, [{ path: 'zip', message: `${request.zip} is not a US ZIP code` }]);
  if (request.startDate < earliestStart(now)) throw AppError.badRequest('Invalid request: startDate must not be in the past', [{ path: 'startDate', message: 'must not be in the past' }]);

  if (await deps.leads.isBlocked(senderKey(request.email), now)) throw AppError.forbidden('Requests from this e-mail address are not taken for now.');

  // The sender's own limits first: a request they may not send takes nothing from the listing's day;
  // nor does one the checks hold (it reaches staff, not the owner), so spam cannot use up a listing's day.
  await deps.limits.perClient(client);
  await deps.limits.perEmail(request.email.toLowerCase());
  const key = textKey(request.message);
  const held = await holdReason(deps, service.id, request, key, now);
  if (held === null) await deps.limits.perListing(service.id);
  const unclaimed = service.ownerUserId === null;
  const { website: _website, formToken, altcha: _altcha, ...sent } = request;
  const id = `l-${randomBytes(12).toString('hex')}`;
  // The link names its request (found by its id) and holds a secret only its hash is kept of.
  const deleteToken = `${id.slice(2)}${randomBytes(24).toString('base64url')}`;
  const received = deps.events.event('catalog.lead.received', {
    leadId: id,
    serviceId: service.id,
    serviceName: service.name,
    slug: service.slug,
    ownerUserId: service.ownerUserId,
    held: held !== null,
    request: sent,
    deleteToken,
    ...(unclaimed && service.contact.email ? { contactEmail: service.contact.email } : {}),
  });
  const added = await deps.leads.add(
    {
      id,
      serviceId: service.id,
      ownerUserId: service.ownerUserId,
      status: 'new',
      held,
      request: sent,
      textKey: key,
      formTokenHash: hash(formToken),
      deleteTokenHash: hash(deleteToken),
      createdAt: now,
      readAt: null,
      expiresAt: new Date(now.getTime() + (unclaimed ? UNCLAIMED_LEAD_KEPT_DAYS : LEAD_KEPT_DAYS) * DAY_MS),
    },
    [received],
  );
  if (added === TOKEN_USED) throw AppError.badRequest('This form was sent already: load the page again to send another request.');
  void deps.events.relay();
  return { outcome: held ? 'held' : unclaimed ? 'waiting-for-claim' : 'sent', deleteToken };
}

/**
 * GET /services/:id/contact-email: the e-mail address of a published listing whose owner shows it,
 * asked for by the page's button (no page's HTML or API answer carries it); else 404, as an unknown
 * id. Limited per client address, so a harvester gets a few an hour.
 */
export async function contactEmail(deps: LeadDeps, serviceId: string, client: string): Promise<{ email: string }> {
  const service = await publishedListing(deps, serviceId);
  if (!service.contact.showEmail || !service.contact.email) throw AppError.notFound(`"${serviceId}" shows no e-mail address.`);
  await deps.limits.revealPerClient(client);
  return { email: service.contact.email };
}

/** The visitor's delete link: removes their request at once (the link's secret is kept only hashed); an unknown or used link is a 404. */
export async function deleteLead(deps: Pick<LeadDeps, 'leads'>, deleteToken: string): Promise<void> {
  if (!(await deps.leads.deleteByToken(`l-${deleteToken.slice(0, 24)}`, hash(deleteToken)))) throw AppError.notFound('There is no request for this link: it was deleted already, or has expired.');
}

/**
 * Deletes the requests whose time is up: 180 days after they arrived, 30 for a listing nobody
 * claimed (FerretDB has no TTL index: the service runs this every few minutes). Answers how many.
 */
export async function forgetExpiredLeads(deps: Pick<LeadDeps, 'leads' | 'now'>): Promise<number> {
  return deps.leads.deleteExpired(deps.now?.() ?? new Date());
}
