import { z } from 'zod';
import { LOGIN_CODE_LENGTH } from './auth-constants';

/** Trimmed and lowercased before it is checked, as the sign-in form does. */
export const LoginEmailSchema = z
  .string({ error: 'must be an e-mail address' })
  .trim()
  .toLowerCase()
  .max(254, 'is too long')
  .pipe(z.email({ error: 'must be an e-mail address' }));

export const LoginRequestSchema = z.object({ email: LoginEmailSchema }).strict();

export const LoginWithCodeSchema = z
  .object({
    email: LoginEmailSchema,
    code: z
      .string({ error: 'must be the 6-digit code' })
      .trim()
      .regex(new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`), 'must be the 6-digit code'),
  })
  .strict();

export const LoginWithLinkSchema = z
  .object({
    loginToken: z
      .string({ error: 'is missing' })
      .min(20)
      .max(2048)
      .regex(/^[A-Za-z0-9._-]+$/, 'is malformed'),
    selector: z.string({ error: 'is missing' }).regex(/^[A-Za-z0-9_-]{16,64}$/, 'is malformed'),
  })
  .strict();

/** The answer to a link check (its request is LoginWithLinkSchema): the address the link was sent to. */
export const LoginLinkCheckResponseSchema = z.object({ email: z.email() }).strict();
export type LoginLinkCheck = z.infer<typeof LoginLinkCheckResponseSchema>;

export const SessionUserSchema = z.object({ id: z.string(), email: z.email(), roles: z.array(z.enum(['admin'])) });
export const MeResponseSchema = z.object({ user: SessionUserSchema.nullable() });

export const RoleChangeSchema = z.object({ action: z.enum(['grant', 'revoke']), email: LoginEmailSchema, role: z.enum(['admin']) });
