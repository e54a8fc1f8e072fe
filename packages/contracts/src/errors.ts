import { z } from 'zod';

/** The one JSON shape every service and the gateway reply with when something goes wrong. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    service: z.string().optional(),
    requestId: z.string().optional(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The query of a read that takes no parameters: any parameter is refused with a 400. */
export const NoQuerySchema = z.strictObject({});
