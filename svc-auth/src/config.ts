import { baseConfigShape, loadConfig, peerUrlsSetting } from '@mealprep/service-kit';
import { z } from 'zod';

const emailList = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: 'must be a comma-separated list of e-mail addresses' })).max(100));

export const authConfigShape = {
  ...baseConfigShape,
  /** The site's public address: sign-in links are built from it, never from a request's Host. */
  SITE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).transform((url) => url.replace(/\/+$/, '')),
  /** Mail goes through this SMTP server; unset, each mail is written to DATA_DIR/outbox as .eml. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /** The sender's address (a name given with it is replaced by the brand's sender name). */
  MAIL_FROM: z.string().min(3).max(200).default('no-reply@mealprep.local'),
  /** svc-catalog, asked for the published brand at start (mails carry its name, sender and footer); unset, the site's host names the mails. */
  CATALOG_URL: peerUrlsSetting.optional(),
  /** Users with these addresses become admins when they sign in. */
  ADMIN_EMAILS: emailList.default([]),
};

export type AuthConfig = ReturnType<typeof loadAuthConfig>;

export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(authConfigShape, env);
}
