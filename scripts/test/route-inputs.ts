/**
 * What each API route takes, by the contracts its service parses it with: path parameters, query
 * and body. `contract-input.test.ts` draws requests from these (and beyond them) for every row of
 * the authorization matrix; a test checks that no row is missing here.
 */
import {
  AddBannerSchema,
  AdminClaimQuerySchema,
  AdminReviewQuerySchema,
  CompareQuerySchema,
  ReviewBodySchema,
  ReviewDecisionBodySchema,
  ReviewIdParamsSchema,
  ReviewPageQuerySchema,
  ReviewReplyBodySchema,
  ReviewReportBodySchema,
  ReviewStandingQuerySchema,
  ClaimBodySchema,
  ClaimDecisionBodySchema,
  ClaimIdParamsSchema,
  InsightChartQuerySchema,
  InsightPeriodQuerySchema,
  InsightReportSchema,
  AdminMediaQuerySchema,
  AdminServiceQuerySchema,
  AdminStatusBodySchema,
  ArticleIdParamsSchema,
  ArticleStatusBodySchema,
  BannerBulkChangesSchema,
  BannerBulkIdsSchema,
  BannerChangesSchema,
  BulkFeatureBodySchema,
  BulkIdsBodySchema,
  BulkStatusBodySchema,
  CityParamsSchema,
  CheckIdParamsSchema,
  CheckIdsBodySchema,
  CheckServiceParamsSchema,
  EmptyBodySchema,
  FeatureBodySchema,
  GeoRegionListQuerySchema,
  ImageParamsSchema,
  LoginRequestSchema,
  LoginWithCodeSchema,
  LoginWithLinkSchema,
  MediaAltTextBodySchema,
  MediaBulkBodySchema,
  MediaIdParamsSchema,
  NoQuerySchema,
  ServiceIdParamsSchema,
  NearestPlaceQuerySchema,
  NearQuerySchema,
  ServiceInsertSchema,
  ServiceListQuerySchema,
  ServiceUpdateSchema,
  SlugParamsSchema,
  StockByUrlQuerySchema,
  StockSearchQuerySchema,
  UploadQuerySchema,
  WebsiteCheckListQuerySchema,
  SERVICE_CSV_COLUMNS,
} from '@mealprep/contracts';
import type { z } from 'zod';

/** A body that is not JSON: a CSV file with these columns, or an image's bytes. */
export type RawBody = { csv: readonly string[] } | { image: true };

/** Kinds of things that exist in the running system, which a route's ids and slugs name. */
export type Known = 'services' | 'checks' | 'own' | 'slugs' | 'articles' | 'articleSlugs' | 'banners' | 'media' | 'images' | 'regions' | 'mealTypes' | 'emails';

export interface RouteInput {
  /** The route with its path parameters named as its params contract names them (`:id`); the matrix path when it has none. */
  path?: string;
  /** What its ids or slugs name: generated ones often take a real one of these. */
  known?: Known;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType | RawBody;
}

const ARTICLE_CSV = ['id', 'headline', 'slug', 'html', 'metaDescription', 'categoryTitle', 'tags', 'metaKeywords', 'isPublished', 'isDeleted', 'publishedAt', 'createdAt'];
const byId = (path: string, known: Known, params: z.ZodObject = ServiceIdParamsSchema): RouteInput => ({ path, params, query: NoQuerySchema, known });

/** By the matrix row's `METHOD path`. */
export const ROUTE_INPUTS: Record<string, RouteInput> = {
  'POST /api/auth/login/request': { body: LoginRequestSchema, known: 'emails' },
  'POST /api/auth/login/link': { body: LoginWithLinkSchema },
  'POST /api/auth/login/link/check': { body: LoginWithLinkSchema },
  'POST /api/auth/login/code': { body: LoginWithCodeSchema, known: 'emails' },
  'GET /api/auth/me': { query: NoQuerySchema },
  'GET /api/auth/admin/is-admin': { query: NoQuerySchema },
  // Never forwarded by the gateway: whatever comes, the answer is 404.
  'POST /api/auth/internal/sessions/resolve': {},
  'GET /api/auth/metrics': {},
  'GET /api/auth/healthz': {},
  'GET /api/auth/readyz': {},
  'POST /api/auth/logout': {},

  'GET /api/catalog/services': { query: ServiceListQuerySchema },
  'GET /api/catalog/services/near?place=78701': { path: '/api/catalog/services/near', query: NearQuerySchema },
  'GET /api/catalog/services/compare?s={demoSlug}': { path: '/api/catalog/services/compare', query: CompareQuerySchema },
  'GET /api/catalog/places/nearest?lat=30.27&lng=-97.74': { path: '/api/catalog/places/nearest', query: NearestPlaceQuerySchema },
  'GET /api/catalog/services/by-slug/{demoSlug}': { path: '/api/catalog/services/by-slug/:slug', params: SlugParamsSchema, query: NoQuerySchema, known: 'slugs' },
  'GET /api/catalog/services/by-slug/{demoSlug}/nearby': { path: '/api/catalog/services/by-slug/:slug/nearby', params: SlugParamsSchema, query: NoQuerySchema, known: 'slugs' },
  'POST /api/catalog/services/{demoService}/report-still-open': byId('/api/catalog/services/:id/report-still-open', 'services'),
  'GET /api/catalog/regions': { query: GeoRegionListQuerySchema },
  'GET /api/catalog/regions/counts': { query: NoQuerySchema },
  'GET /api/catalog/regions/{region}': { path: '/api/catalog/regions/:slug', params: SlugParamsSchema, query: NoQuerySchema, known: 'regions' },
  'GET /api/catalog/regions/texas/cities': { path: '/api/catalog/regions/:slug/cities', params: SlugParamsSchema, query: NoQuerySchema, known: 'regions' },
  'GET /api/catalog/regions/texas/cities/austin': { path: '/api/catalog/regions/:slug/cities/:city', params: CityParamsSchema, query: NoQuerySchema },
  'GET /api/catalog/meal-types': { query: NoQuerySchema },
  'GET /api/catalog/meal-types/{mealType}': { path: '/api/catalog/meal-types/:slug', params: SlugParamsSchema, query: NoQuerySchema, known: 'mealTypes' },
  'GET /api/catalog/articles': { query: NoQuerySchema },
  'GET /api/catalog/articles/{articleSlug}': { path: '/api/catalog/articles/:slug', params: SlugParamsSchema, query: NoQuerySchema, known: 'articleSlugs' },
  'POST /api/catalog/articles/{article}/views': byId('/api/catalog/articles/:id/views', 'articles', ArticleIdParamsSchema),
  'GET /api/catalog/sitemap': { query: NoQuerySchema },
  'GET /api/catalog/internal/services/snapshots': {},
  'POST /api/catalog/internal/services/snapshots': {},
  'GET /api/catalog/metrics': {},
  'GET /api/catalog/healthz': {},
  'GET /api/catalog/readyz': {},

  'GET /api/catalog/services/mine': { query: NoQuerySchema },
  'POST /api/catalog/services': { body: ServiceInsertSchema },
  'GET /api/catalog/services/{own}/edit': byId('/api/catalog/services/:id/edit', 'own'),
  'PATCH /api/catalog/services/{own}': { ...byId('/api/catalog/services/:id', 'own'), body: ServiceUpdateSchema },
  'POST /api/catalog/services/{own}/submit': byId('/api/catalog/services/:id/submit', 'own'),
  'GET /api/catalog/services/{demoService}/claim': byId('/api/catalog/services/:id/claim', 'services'),
  'POST /api/catalog/services/{demoService}/claims': { ...byId('/api/catalog/services/:id/claims', 'services'), body: ClaimBodySchema },
  'GET /api/catalog/claims/mine': { query: NoQuerySchema },
  'GET /api/catalog/services/by-slug/{demoSlug}/reviews': { path: '/api/catalog/services/by-slug/:slug/reviews', params: SlugParamsSchema, query: ReviewPageQuerySchema, known: 'slugs' },
  'GET /api/catalog/services/{demoService}/reviews/mine': { path: '/api/catalog/services/:id/reviews/mine', params: ServiceIdParamsSchema, query: ReviewStandingQuerySchema, known: 'services' },
  'POST /api/catalog/services/{demoService}/reviews': { ...byId('/api/catalog/services/:id/reviews', 'services'), body: ReviewBodySchema },
  'PATCH /api/catalog/reviews/{missing}': { ...byId('/api/catalog/reviews/:id', 'services', ReviewIdParamsSchema), body: ReviewBodySchema },
  'DELETE /api/catalog/reviews/{missing}': byId('/api/catalog/reviews/:id', 'services', ReviewIdParamsSchema),
  'POST /api/catalog/reviews/{missing}/reply': { ...byId('/api/catalog/reviews/:id/reply', 'services', ReviewIdParamsSchema), body: ReviewReplyBodySchema },
  'POST /api/catalog/reviews/{missing}/reports': { ...byId('/api/catalog/reviews/:id/reports', 'services', ReviewIdParamsSchema), body: ReviewReportBodySchema },
  'POST /api/catalog/insights/events': { query: NoQuerySchema, body: InsightReportSchema, known: 'services' },
  'GET /api/catalog/services/{own}/insights': { path: '/api/catalog/services/:id/insights', params: ServiceIdParamsSchema, query: InsightPeriodQuerySchema, known: 'own' },
  'GET /api/catalog/services/{own}/insights/chart': { path: '/api/catalog/services/:id/insights/chart', params: ServiceIdParamsSchema, query: InsightChartQuerySchema, known: 'own' },

  'GET /api/catalog/admin/services': { query: AdminServiceQuerySchema },
  'POST /api/catalog/admin/services/bulk/status': { body: BulkStatusBodySchema, known: 'services' },
  'POST /api/catalog/admin/services/bulk/feature': { body: BulkFeatureBodySchema, known: 'services' },
  'POST /api/catalog/admin/services/bulk/unfeature': { body: BulkIdsBodySchema, known: 'services' },
  'POST /api/catalog/admin/services/bulk/delete': { body: BulkIdsBodySchema, known: 'services' },
  'PATCH /api/catalog/admin/services/{missing}/status': { ...byId('/api/catalog/admin/services/:id/status', 'services'), body: AdminStatusBodySchema },
  'POST /api/catalog/admin/services/{missing}/feature': { ...byId('/api/catalog/admin/services/:id/feature', 'services'), body: FeatureBodySchema },
  'POST /api/catalog/admin/services/{missing}/unfeature': byId('/api/catalog/admin/services/:id/unfeature', 'services'),
  'DELETE /api/catalog/admin/services/{missing}': byId('/api/catalog/admin/services/:id', 'services'),
  'POST /api/catalog/admin/import/services': { query: NoQuerySchema, body: { csv: [...SERVICE_CSV_COLUMNS] } },
  'GET /api/catalog/admin/claims': { query: AdminClaimQuerySchema },
  'GET /api/catalog/admin/reviews': { query: AdminReviewQuerySchema },
  'POST /api/catalog/admin/reviews/{missing}/decision': { ...byId('/api/catalog/admin/reviews/:id/decision', 'services', ReviewIdParamsSchema), body: ReviewDecisionBodySchema },
  'GET /api/catalog/admin/insights': { query: InsightPeriodQuerySchema },
  'POST /api/catalog/admin/claims/{missing}/decision': { ...byId('/api/catalog/admin/claims/:id/decision', 'services', ClaimIdParamsSchema), body: ClaimDecisionBodySchema },
  'GET /api/catalog/admin/articles': { query: NoQuerySchema },
  'PATCH /api/catalog/admin/articles/{missing}/status': { ...byId('/api/catalog/admin/articles/:id/status', 'articles', ArticleIdParamsSchema), body: ArticleStatusBodySchema },
  'POST /api/catalog/admin/import/articles': { query: NoQuerySchema, body: { csv: ARTICLE_CSV } },

  'GET /api/media/banners': { query: NoQuerySchema },
  'GET /api/media/images/{image}/card': { path: '/api/media/images/:id/:size', params: ImageParamsSchema, query: NoQuerySchema, known: 'images' },
  'POST /api/media/uploads': { query: UploadQuerySchema, body: { image: true } },
  'GET /api/media/admin/stock-photos?q=salad': { path: '/api/media/admin/stock-photos', query: StockSearchQuerySchema },
  'GET /api/media/admin/stock-photos/by-url?url=https%3A%2F%2Funsplash.com%2Fphotos%2Fx': { path: '/api/media/admin/stock-photos/by-url', query: StockByUrlQuerySchema },
  'GET /api/media/admin/banners': { query: NoQuerySchema },
  'POST /api/media/admin/banners': { body: AddBannerSchema },
  'POST /api/media/admin/banners/bulk': { body: BannerBulkChangesSchema, known: 'banners' },
  'POST /api/media/admin/banners/bulk/delete': { body: BannerBulkIdsSchema, known: 'banners' },
  'PATCH /api/media/admin/banners/{missing}': { ...byId('/api/media/admin/banners/:id', 'banners', MediaIdParamsSchema), body: BannerChangesSchema },
  'DELETE /api/media/admin/banners/{missing}': byId('/api/media/admin/banners/:id', 'banners', MediaIdParamsSchema),
  'GET /api/media/admin/media': { query: AdminMediaQuerySchema },
  'POST /api/media/admin/media/bulk/delete': { body: MediaBulkBodySchema, known: 'media' },
  'PATCH /api/media/admin/media/{missing}': { ...byId('/api/media/admin/media/:id', 'media', MediaIdParamsSchema), body: MediaAltTextBodySchema },
  'POST /api/media/admin/media/{missing}/delete': byId('/api/media/admin/media/:id/delete', 'media', MediaIdParamsSchema),
  'POST /api/media/admin/media/{missing}/restore': byId('/api/media/admin/media/:id/restore', 'media', MediaIdParamsSchema),
  'GET /api/media/internal/media/{missing}': {},
  'GET /api/media/metrics': {},
  'GET /api/media/healthz': {},
  'GET /api/media/readyz': {},

  'GET /api/checker/admin/checks': { query: WebsiteCheckListQuerySchema },
  'GET /api/checker/admin/checks/status': { query: NoQuerySchema },
  'POST /api/checker/admin/checks/run-all': { query: NoQuerySchema, body: EmptyBodySchema },
  'POST /api/checker/admin/checks/run-unchecked': { query: NoQuerySchema, body: EmptyBodySchema },
  'POST /api/checker/admin/checks/bulk/recheck': { body: CheckIdsBodySchema, known: 'checks' },
  'POST /api/checker/admin/checks/bulk/close': { body: CheckIdsBodySchema, known: 'checks' },
  'POST /api/checker/admin/checks/bulk/ignore': { body: CheckIdsBodySchema, known: 'checks' },
  'POST /api/checker/admin/checks/{missing}/close': { ...byId('/api/checker/admin/checks/:id/close', 'checks', CheckIdParamsSchema), body: EmptyBodySchema },
  'POST /api/checker/admin/checks/{missing}/ignore': { ...byId('/api/checker/admin/checks/:id/ignore', 'checks', CheckIdParamsSchema), body: EmptyBodySchema },
  'POST /api/checker/admin/checks/services/{missing}/check': { ...byId('/api/checker/admin/checks/services/:serviceId/check', 'services', CheckServiceParamsSchema), body: EmptyBodySchema },
  'GET /api/checker/metrics': {},
  'GET /api/checker/healthz': {},
  'GET /api/checker/readyz': {},

  // A stream: what it carries is the live matrix's business; the hostile-input test leaves it out too.
  'GET /api/live': {},
};
