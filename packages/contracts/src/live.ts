import { z } from 'zod';
import { LIVE_TOPICS } from './live-constants';

/** What changed, as the gateway tells open pages over /api/live; pages refetch matching queries. */
export const LiveTopicSchema = z.enum(LIVE_TOPICS);
export type LiveTopic = z.infer<typeof LiveTopicSchema>;

export const LiveInvalidationSchema = z.object({
  topics: z.array(LiveTopicSchema),
  /** The slug that changed, when one thing did. */
  slug: z.string().optional(),
  /**
   * With the slug of a service: its version after the change. A page that already holds that
   * service at this version or a later one (the saver's, from its answer) need not read it again.
   */
  version: z.number().int().positive().optional(),
});
export type LiveInvalidation = z.infer<typeof LiveInvalidationSchema>;

/**
 * The stream's query: `since`, the time (ms) a server-rendered page's data was read, asks for the
 * changes announced from then on, which the page could not have heard before its stream opened.
 */
export const LiveQuerySchema = z.object({ since: z.coerce.number().int().min(0).max(8_640_000_000_000_000).optional() });
