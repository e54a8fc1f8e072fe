import { z } from 'zod';

/** Who is calling, as the gateway resolved it from the session and signed for the services. */
export const IdentitySchema = z.object({
  userId: z.string().min(1),
  email: z.email(),
  roles: z.array(z.enum(['admin'])),
  /** When the account was made (ISO): how old it is decides whether its reviews wait for staff. Unknown reads as new. */
  since: z.iso.datetime().optional(),
});
export type Identity = z.infer<typeof IdentitySchema>;
