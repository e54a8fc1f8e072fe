/**
 * Who may call what: every API route of every service, as the gateway exposes it under /api, and
 * the live stream, × the five kinds of caller. `authorization-matrix.test.ts` calls each cell
 * through the gateway of a running system; no cell may differ.
 *
 * Outcomes: 'allow' — the call gets past authorization (any answer but 401, 403 and 5xx; a 400
 * for the empty body, or a 404 for an id that does not exist, is still "allowed"); 401 — sign in
 * first; 403 — signed in but not allowed; 404 — hidden (another owner's listing is answered as if
 * it did not exist; internal routes and a service's /metrics, /healthz and /readyz are never forwarded).
 *
 * Placeholders in paths: {own} the service owner A created, {demoService} a published demo
 * service, {demoSlug} its slug, {article} / {articleSlug} a published article, {mealType} a meal
 * type's slug, {region} a state's slug, {image} a stored image, {banner} a banner, {missing} an id
 * that exists nowhere. Writes send an empty JSON body, so an allowed call is refused by validation
 * and changes nothing (the few that act without a body are marked).
 */
import type { LiveTopic } from '@mealprep/contracts';

export type Outcome = 'allow' | 401 | 403 | 404;
export const CALLERS = ['visitor', 'user', 'owner', 'otherOwner', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];

export interface MatrixRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** visitor, signed-in user, owner of {own}, owner of another service, admin. */
  expect: [Outcome, Outcome, Outcome, Outcome, Outcome];
  /** Sent as JSON; `{}` when not given for a write. */
  body?: unknown;
}

const PUBLIC: MatrixRow['expect'] = ['allow', 'allow', 'allow', 'allow', 'allow'];
const SIGNED_IN: MatrixRow['expect'] = [401, 'allow', 'allow', 'allow', 'allow'];
const ADMIN: MatrixRow['expect'] = [401, 403, 403, 403, 'allow'];
const OWNER_OF_IT: MatrixRow['expect'] = [401, 404, 'allow', 404, 'allow'];
const NEVER: MatrixRow['expect'] = [404, 404, 404, 404, 404];

export const AUTHORIZATION_MATRIX: MatrixRow[] = [
  // svc-auth
  { method: 'POST', path: '/api/auth/login/request', expect: PUBLIC },
  { method: 'POST', path: '/api/auth/login/link', expect: PUBLIC },
  { method: 'POST', path: '/api/auth/login/link/check', expect: PUBLIC },
  { method: 'POST', path: '/api/auth/login/code', expect: PUBLIC },
  { method: 'GET', path: '/api/auth/me', expect: PUBLIC },
  // Spec §7: admin.isAdmin needs nothing and answers a boolean (false for a visitor).
  { method: 'GET', path: '/api/auth/admin/is-admin', expect: PUBLIC },
  // The one-click unsubscribe of the invitations to claim a listing: the link in the mail is all it takes.
  { method: 'GET', path: '/api/auth/invitations/unsubscribe', expect: PUBLIC },
  { method: 'POST', path: '/api/auth/invitations/unsubscribe', expect: PUBLIC },
  // Where and how the caller's own quote requests are mailed; the link confirming another address is all its page and button take.
  { method: 'GET', path: '/api/auth/lead-settings', expect: SIGNED_IN },
  { method: 'PUT', path: '/api/auth/lead-settings', expect: SIGNED_IN },
  { method: 'GET', path: '/api/auth/lead-settings/confirm', expect: PUBLIC },
  { method: 'POST', path: '/api/auth/lead-settings/confirm', expect: PUBLIC },
  { method: 'POST', path: '/api/auth/internal/sessions/resolve', expect: NEVER },
  { method: 'GET', path: '/api/auth/metrics', expect: NEVER },
  { method: 'GET', path: '/api/auth/healthz', expect: NEVER },
  { method: 'GET', path: '/api/auth/readyz', expect: NEVER },

  // svc-catalog: public reads
  { method: 'GET', path: '/api/catalog/services', expect: PUBLIC },
  { method: 'GET', path: '/api/catalog/services/by-slug/{demoSlug}', expect: PUBLIC },
  { method: 'GET', path: '/api/catalog/services/by-slug/{demoSlug}/nearby', expect: PUBLIC },
  { method: 'GET', path: '/api/catalog/services/near?place=78701', expect: PUBLIC },
  { method: 'GET', path: '/api/catalog/services/compare?s={demoSlug}', expect: PUBLIC },
  { method: 'GET', path: '/api/catalog/places/nearest?lat=30.27&lng=-97.74', expect: PUBLIC },
  { method: 'POST', path: '/api/catalog/services/{demoService}/report-still-open', expect: PUBLIC },
  { method: 'GET', path: '/api/catalog/services/{demoService}/lead-form', expect: PUBLIC },
  { method: 'GET', path: '/api/catalog/services/by-slug/{demoSlug}/lead-form', expect: PUBLIC },
  { method: 'GET', path: '/api/catalog/services/{demoService}/contact-email', expect: PUBLIC },
  { method: 'POST', path: '/api/catalog/services/{demoService}/leads', expect: PUBLIC },
  { method: 'POST', path: '/api/catalog/leads/delete', expect: PUBLIC },
  // The inbox: each signed-in caller reads their own listings' requests (another owner's request is a 404, tested in svc-catalog); staff's actions are staff's.
  { method: 'GET', path: '/api/catalog/leads', expect: SIGNED_IN },
  { method: 'GET', path: '/api/catalog/leads/export.csv', expect: SIGNED_IN },
  { method: 'PATCH', path: '/api/catalog/leads/{missing}', expect: SIGNED_IN },
  { method: 'POST', path: '/api/catalog/admin/leads/{missing}/approve', expect: ADMIN },
  { method: 'POST', path: '/api/catalog/admin/leads/{missing}/spam', expect: ADMIN },
  { method: 'GET', path: '/api/catalog/regions', expect: PUBLIC },
  { method: 'GET', path: '/api/catalog/regions/counts', expect: PUBLIC },
  { method: 'GET', path: '/api/catalog/regions/{region}', expect: PUBLIC },
  { method: 'GET', path: '/api/catalog/regions/texas/cities', expect: PUBLIC },
  { method: 'GET', path: '/api/catalog/regions/texas/cities/austin', expect: PUBLIC },
  { method: 'GET', path: '/api/catalog/meal-types', expect: PUBLIC },
  { method: 'GET', path: '/api/catalog/meal-types/{mealType}', expect: PUBLIC },
  { method: 'GET', path: '/api/catalog/articles', expect: PUBLIC },
  { method: 'GET', path: '/api/catalog/articles/{articleSlug}', expect: PUBLIC },
  { method: 'POST', path: '/api/catalog/articles/{article}/views', expect: PUBLIC },
  { method: 'GET', path: '/api/catalog/sitemap', expect: PUBLIC },
  { method: 'GET', path: '/api/catalog/internal/services/snapshots', expect: NEVER },
  { method: 'POST', path: '/api/catalog/internal/services/snapshots', expect: NEVER },
  { method: 'GET', path: '/api/catalog/metrics', expect: NEVER },
  { method: 'GET', path: '/api/catalog/healthz', expect: NEVER },
  { method: 'GET', path: '/api/catalog/readyz', expect: NEVER },

  // svc-catalog: owners
  { method: 'GET', path: '/api/catalog/services/mine', expect: SIGNED_IN },
  { method: 'POST', path: '/api/catalog/services', expect: SIGNED_IN },
  { method: 'GET', path: '/api/catalog/services/{own}/edit', expect: OWNER_OF_IT },
  { method: 'PATCH', path: '/api/catalog/services/{own}', expect: OWNER_OF_IT, body: { tagline: 'Breakfasts that keep, still' } },
  { method: 'POST', path: '/api/catalog/services/{own}/submit', expect: OWNER_OF_IT },
  { method: 'PUT', path: '/api/catalog/services/{own}/photos', expect: OWNER_OF_IT, body: { photos: [] } },
  // Claims: anyone signed in may ask; the empty body is refused (a note is needed) and nothing is claimed.
  { method: 'GET', path: '/api/catalog/services/{demoService}/claim', expect: SIGNED_IN },
  { method: 'POST', path: '/api/catalog/services/{demoService}/claims', expect: SIGNED_IN },
  { method: 'GET', path: '/api/catalog/claims/mine', expect: SIGNED_IN },
  // Reviews: anyone reads a public listing's; anyone signed in writes one (the empty body is refused), edits, deletes, replies to
  // and reports one (an id nobody has: 404, past authorization; whose review it is and who owns the listing is decided on the review).
  { method: 'GET', path: '/api/catalog/services/by-slug/{demoSlug}/reviews', expect: PUBLIC },
  { method: 'GET', path: '/api/catalog/services/{demoService}/reviews/mine', expect: SIGNED_IN },
  { method: 'POST', path: '/api/catalog/services/{demoService}/reviews', expect: SIGNED_IN },
  { method: 'PATCH', path: '/api/catalog/reviews/{missing}', expect: SIGNED_IN },
  { method: 'DELETE', path: '/api/catalog/reviews/{missing}', expect: SIGNED_IN },
  { method: 'POST', path: '/api/catalog/reviews/{missing}/reply', expect: SIGNED_IN },
  { method: 'POST', path: '/api/catalog/reviews/{missing}/reports', expect: SIGNED_IN },
  // Insights: pages report (anyone; the empty body is refused); a listing's are its owner's and the admins'.
  { method: 'POST', path: '/api/catalog/insights/events', expect: PUBLIC },
  { method: 'GET', path: '/api/catalog/services/{own}/insights', expect: OWNER_OF_IT },
  { method: 'GET', path: '/api/catalog/services/{own}/insights/chart', expect: OWNER_OF_IT },

  // svc-catalog: admin
  { method: 'GET', path: '/api/catalog/admin/services', expect: ADMIN },
  { method: 'POST', path: '/api/catalog/admin/services/bulk/status', expect: ADMIN },
  { method: 'POST', path: '/api/catalog/admin/services/bulk/feature', expect: ADMIN },
  { method: 'POST', path: '/api/catalog/admin/services/bulk/unfeature', expect: ADMIN },
  { method: 'POST', path: '/api/catalog/admin/services/bulk/delete', expect: ADMIN },
  { method: 'PATCH', path: '/api/catalog/admin/services/{missing}/status', expect: ADMIN },
  { method: 'POST', path: '/api/catalog/admin/services/{missing}/feature', expect: ADMIN },
  { method: 'POST', path: '/api/catalog/admin/services/{missing}/unfeature', expect: ADMIN },
  { method: 'DELETE', path: '/api/catalog/admin/services/{missing}', expect: ADMIN },
  { method: 'POST', path: '/api/catalog/admin/import/services', expect: ADMIN },
  { method: 'GET', path: '/api/catalog/admin/claims', expect: ADMIN },
  { method: 'GET', path: '/api/catalog/admin/insights', expect: ADMIN },
  { method: 'POST', path: '/api/catalog/admin/claims/{missing}/decision', expect: ADMIN },
  { method: 'GET', path: '/api/catalog/admin/reviews', expect: ADMIN },
  { method: 'POST', path: '/api/catalog/admin/reviews/{missing}/decision', expect: ADMIN },
  { method: 'POST', path: '/api/catalog/admin/reviews/{missing}/reply-decision', expect: ADMIN },
  { method: 'GET', path: '/api/catalog/admin/articles', expect: ADMIN },
  { method: 'PATCH', path: '/api/catalog/admin/articles/{missing}/status', expect: ADMIN },
  { method: 'POST', path: '/api/catalog/admin/import/articles', expect: ADMIN },
  { method: 'GET', path: '/api/catalog/brand', expect: PUBLIC },
  { method: 'GET', path: '/api/catalog/admin/brand', expect: ADMIN },
  { method: 'PUT', path: '/api/catalog/admin/brand/draft', expect: ADMIN },
  { method: 'POST', path: '/api/catalog/admin/brand/publish', expect: ADMIN },
  { method: 'GET', path: '/api/catalog/admin/brand/versions/1', expect: ADMIN },

  // svc-media
  { method: 'GET', path: '/api/media/banners', expect: PUBLIC },
  { method: 'GET', path: '/api/media/images/{image}/card', expect: PUBLIC },
  { method: 'POST', path: '/api/media/uploads', expect: SIGNED_IN },
  // A listing's photo: its owner and staff upload it (anyone else signed in is told it is not theirs); its files are public while the listing is.
  { method: 'POST', path: '/api/media/photos?listingId={own}', expect: [401, 403, 'allow', 403, 'allow'] },
  { method: 'GET', path: `/api/media/photos/p-${'0'.repeat(24)}/320-${'0'.repeat(32)}.webp`, expect: PUBLIC },
  { method: 'POST', path: `/api/media/photos/p-${'0'.repeat(24)}/reports`, expect: SIGNED_IN },
  { method: 'GET', path: '/api/media/admin/photos/reported', expect: ADMIN },
  { method: 'POST', path: `/api/media/admin/photos/p-${'0'.repeat(24)}/dismiss-reports`, expect: ADMIN },
  { method: 'GET', path: '/api/media/admin/photos/by-listing/{own}', expect: ADMIN },
  { method: 'POST', path: `/api/media/admin/photos/p-${'0'.repeat(24)}/remove`, expect: ADMIN },
  { method: 'POST', path: `/api/media/admin/photos/p-${'0'.repeat(24)}/restore`, expect: ADMIN },
  { method: 'GET', path: '/api/media/brand-images/brand-icon-0000000000000000/32', expect: PUBLIC },
  { method: 'POST', path: '/api/media/admin/brand-images?use=logo', expect: ADMIN },
  { method: 'GET', path: '/api/media/admin/stock-photos?q=salad', expect: ADMIN },
  { method: 'GET', path: '/api/media/admin/stock-photos/by-url?url=https%3A%2F%2Funsplash.com%2Fphotos%2Fx', expect: ADMIN },
  { method: 'GET', path: '/api/media/admin/banners', expect: ADMIN },
  { method: 'POST', path: '/api/media/admin/banners', expect: ADMIN },
  { method: 'POST', path: '/api/media/admin/banners/bulk', expect: ADMIN },
  { method: 'POST', path: '/api/media/admin/banners/bulk/delete', expect: ADMIN },
  { method: 'PATCH', path: '/api/media/admin/banners/{missing}', expect: ADMIN },
  { method: 'DELETE', path: '/api/media/admin/banners/{missing}', expect: ADMIN },
  { method: 'GET', path: '/api/media/admin/media', expect: ADMIN },
  { method: 'POST', path: '/api/media/admin/media/bulk/delete', expect: ADMIN },
  { method: 'PATCH', path: '/api/media/admin/media/{missing}', expect: ADMIN },
  { method: 'POST', path: '/api/media/admin/media/{missing}/delete', expect: ADMIN },
  { method: 'POST', path: '/api/media/admin/media/{missing}/restore', expect: ADMIN },
  { method: 'GET', path: '/api/media/internal/media/{missing}', expect: NEVER },
  { method: 'GET', path: '/api/media/internal/media/photos/{missing}', expect: NEVER },
  { method: 'GET', path: '/api/media/metrics', expect: NEVER },
  { method: 'GET', path: '/api/media/healthz', expect: NEVER },
  { method: 'GET', path: '/api/media/readyz', expect: NEVER },

  // svc-checker (all admin)
  { method: 'GET', path: '/api/checker/admin/checks', expect: ADMIN },
  { method: 'GET', path: '/api/checker/admin/checks/status', expect: ADMIN },
  // Queue a run of the demo sites when allowed; the test's checker resolves no name, so no request leaves the machine.
  { method: 'POST', path: '/api/checker/admin/checks/run-all', expect: ADMIN },
  { method: 'POST', path: '/api/checker/admin/checks/run-unchecked', expect: ADMIN },
  { method: 'POST', path: '/api/checker/admin/checks/bulk/recheck', expect: ADMIN },
  { method: 'POST', path: '/api/checker/admin/checks/bulk/close', expect: ADMIN },
  { method: 'POST', path: '/api/checker/admin/checks/bulk/ignore', expect: ADMIN },
  { method: 'POST', path: '/api/checker/admin/checks/{missing}/close', expect: ADMIN },
  { method: 'POST', path: '/api/checker/admin/checks/{missing}/ignore', expect: ADMIN },
  { method: 'POST', path: '/api/checker/admin/checks/services/{missing}/check', expect: ADMIN },
  { method: 'GET', path: '/api/checker/metrics', expect: NEVER },
  { method: 'GET', path: '/api/checker/healthz', expect: NEVER },
  { method: 'GET', path: '/api/checker/readyz', expect: NEVER },

  // The live stream: anybody may open it; what each caller hears on it is LIVE_MATRIX below.
  { method: 'GET', path: '/api/live', expect: PUBLIC },

  // Last: it ends each caller's session.
  { method: 'POST', path: '/api/auth/logout', expect: PUBLIC },
];

/**
 * Every live topic × the five callers: does a caller's open stream hear of the change? Frames name
 * only topics and a slug, never data; a listing that is not public (and was not before the change)
 * is heard of by its owner and the admins only, so not even its slug reaches anyone else.
 * `authorization-matrix.test.ts` makes each change through the running system; no cell may differ.
 */
export const LIVE_CHANGES = {
  /** An admin features a published demo service ({demoSlug}). */
  publishedServiceChanged: 'a published service changes',
  /** Owner A edits their own draft ({own}). */
  ownDraftChanged: "owner A's draft changes",
  /** svc-catalog seeds meal types (no route changes them; the test announces it as svc-catalog would). */
  mealTypesSeeded: 'meal types are seeded',
  /** svc-catalog seeds the states (as above). */
  regionsSeeded: 'states are seeded',
  /** An admin publishes an article ({articleSlug}). */
  articleChanged: 'an article is published',
  /** An admin changes a banner. */
  bannerChanged: 'a banner changes',
  /** A quote request to {own} changes (svc-catalog announces it; the test announces it as svc-catalog would). */
  leadForOwnChanged: "a quote request to owner A's listing changes",
} as const;
export type LiveChange = keyof typeof LIVE_CHANGES;

export interface LiveRow {
  topic: LiveTopic;
  change: LiveChange;
  /** visitor, signed-in user, owner of {own}, owner of another service, admin. */
  hears: [boolean, boolean, boolean, boolean, boolean];
}

const EVERYBODY: LiveRow['hears'] = [true, true, true, true, true];
const OWNER_AND_ADMINS: LiveRow['hears'] = [false, false, true, false, true];

export const LIVE_MATRIX: LiveRow[] = [
  { topic: 'services', change: 'publishedServiceChanged', hears: EVERYBODY },
  { topic: 'regions', change: 'publishedServiceChanged', hears: EVERYBODY },
  { topic: 'services', change: 'ownDraftChanged', hears: OWNER_AND_ADMINS },
  { topic: 'regions', change: 'ownDraftChanged', hears: OWNER_AND_ADMINS },
  { topic: 'meal-types', change: 'mealTypesSeeded', hears: EVERYBODY },
  { topic: 'regions', change: 'regionsSeeded', hears: EVERYBODY },
  { topic: 'articles', change: 'articleChanged', hears: EVERYBODY },
  { topic: 'banners', change: 'bannerChanged', hears: EVERYBODY },
  { topic: 'leads', change: 'leadForOwnChanged', hears: OWNER_AND_ADMINS },
];
