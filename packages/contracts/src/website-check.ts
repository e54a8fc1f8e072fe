import { z } from 'zod';
import { CHECK_FILTERS, CHECK_FLAGS, CHECK_STATUSES, MAX_CHECK_BULK_IDS, REVIEW_ACTIONS, type CheckStatus } from './checker-constants';

const ObjectId = z.string().regex(/^[0-9a-f]{24}$/, 'must be an id');

/** A service website check as the admin screen shows it (spec §3, Service website check). */
export const WebsiteCheckSchema = z.object({
  id: z.string(),
  serviceId: z.string(),
  serviceName: z.string(),
  serviceSlug: z.string(),
  websiteUrl: z.string(),
  status: z.enum(CHECK_STATUSES).nullable(),
  httpStatus: z.number().int().nullable(),
  errorMessage: z.string().nullable(),
  flags: z.array(z.enum(CHECK_FLAGS)),
  finalUrl: z.string().nullable(),
  checkedAt: z.string().nullable(),
  nextCheckDue: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewAction: z.enum(REVIEW_ACTIONS).nullable(),
  suggestedAction: z.enum(['review']).nullable(),
});
export type WebsiteCheck = z.infer<typeof WebsiteCheckSchema>;

export const WebsiteCheckListQuerySchema = z.strictObject({
  filter: z.enum(CHECK_FILTERS).default('unreviewed'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type WebsiteCheckListQuery = z.infer<typeof WebsiteCheckListQuerySchema>;
export interface WebsiteCheckList {
  items: WebsiteCheck[];
  total: number;
  page: number;
  pageSize: number;
}

/** Bulk check status (spec §3), with the progress of the latest bulk run. */
export interface BulkCheckStatus {
  totalServices: number;
  uncheckedCount: number;
  recentChecks: number;
  checksLastHour: number;
  mostRecentCheckAt: string | null;
  run: { queued: number; done: number; startedAt: string; finishedAt: string | null } | null;
}

/** serviceUtilities.checkWebsite (spec §7): one service checked now, while the admin waits. */
export interface CheckNowResult {
  result: { status: CheckStatus };
  suggestedAction: 'review' | null;
}

export const CheckIdsBodySchema = z.strictObject({
  ids: z.array(ObjectId).min(1, 'Select at least one check.').max(MAX_CHECK_BULK_IDS, `At most ${MAX_CHECK_BULK_IDS} checks at once.`),
});
export const CheckIdParamsSchema = z.strictObject({ id: ObjectId });
export const CheckServiceParamsSchema = z.strictObject({ serviceId: ObjectId });

/** A job on the website check queue: one service to check, and the bulk run it belongs to. */
export const CheckJobSchema = z.strictObject({
  jobId: z.string().min(1).max(100),
  serviceId: ObjectId,
  runId: z.string().max(100).nullable(),
});
export type CheckJob = z.infer<typeof CheckJobSchema>;

/**
 * What svc-catalog tells the services that keep a projection of it (svc-checker, svc-media) about
 * one service, on an internal route: at their start, and for the services an import wrote.
 */
export const ServiceSnapshotSchema = z.object({
  serviceId: z.string(),
  name: z.string(),
  slug: z.string(),
  website: z.string(),
  status: z.string(),
  featuredUntil: z.string().nullable(),
  logoImageId: z.string().nullable(),
  version: z.number().int().nonnegative(),
  /** Its owner and its gallery's photos (svc-media's), absent from an older svc-catalog. */
  ownerUserId: z.string().nullable().optional(),
  photoIds: z.array(z.string()).optional(),
});
export type ServiceSnapshot = z.infer<typeof ServiceSnapshotSchema>;
export const ServiceSnapshotListSchema = z.object({ items: z.array(ServiceSnapshotSchema) });
/** Services by id (an import's), at most 5,000 a call; ids that are gone are left out of the answer. */
export const ServiceSnapshotRequestSchema = z.strictObject({
  ids: z
    .array(z.string().regex(/^[0-9a-f]{24}$/))
    .min(1)
    .max(5_000),
});

/** The run and single-check calls take no body: none, or an empty object. */
export const EmptyBodySchema = z.union([z.undefined(), z.strictObject({})]);
