import { z } from 'zod';
import { LIVE_TOPICS } from './live-constants';

/** What changed, as the gateway tells open pages over /api/live; pages refetch matching queries. */
export const LiveTopicSchema = z.enum(LIVE_TOPICS);
export type LiveTopic = z.infer<typeof LiveTopicSchema>;

export const LiveInvalidationSchema = z.object({
  topics: z.array(LiveTopicSchema),
  /** The slug that changed, when one thing did. */
  slug: z.string().optional(),
});
export type LiveInvalidation = z.infer<typeof LiveInvalidationSchema>;
