import type { ReviewTrailEntry } from '@mealprep/contracts';
import type { ReviewTrailRecord } from '../../data-access/review-records';

/** What reads a listing's moderation trail of reviews, kept apart from the listing (by the listing's id). */
export interface TrailReader {
  reviewRecords: { trails: { read(serviceId: string): Promise<ReviewTrailRecord | null> } };
}

/** A listing's moderation trail, oldest first (staff read it on the listing's edit page). */
export async function reviewTrailOf(deps: TrailReader, serviceId: string): Promise<ReviewTrailEntry[]> {
  const record = await deps.reviewRecords.trails.read(serviceId);
  return (record?.steps ?? []).map((step) => ({ at: new Date(step.at).toISOString(), reviewId: step.reviewId, action: step.action, reason: step.reason, byEmail: step.byEmail }));
}
