import { z } from 'zod';

/** What changed, as the gateway tells open pages over /api/live; pages refetch matching queries. */
export const LIVE_TOPICS = ['services', 'regions', 'meal-types', 'articles', 'banners'] as const;
export const LiveTopicSchema = z.enum(LIVE_TOPICS);
export type LiveTopic = z.infer<typeof LiveTopicSchema>;

export const LiveInvalidationSchema = z.object({
  topics: z.array(LiveTopicSchema),
  /** The slug that changed, when one thing did. */
  slug: z.string().optional(),
});
export type LiveInvalidation = z.infer<typeof LiveInvalidationSchema>;

export const LIVE_EVENT_NAME = 'invalidate';
export const LIVE_PATH = '/api/live';
