import { z } from 'zod';
import { SITEMAP_LISTS, URL_VALUE_NAMES, type RouteManifest } from './route-manifest';

const VERSION = /^[0-9a-f]{12}$/;
const InRelease = (file: string) => z.string().regex(new RegExp(`^releases/[0-9a-f]{12}/${file.replace(/\./g, '\\.')}$`));

/**
 * A remote's release.json, its release pointer: the current release, paths relative to the file
 * (scripts/lib/release.mjs writes it). `server` is the server build of a remote that has one;
 * `routes` its route manifest (absent in releases made before remotes carried one).
 */
export const ReleasePointerSchema = z.object({
  version: z.string().regex(VERSION),
  manifest: InRelease('mf-manifest.json'),
  server: InRelease('server.cjs').nullable().default(null),
  routes: InRelease('routes.json').optional(),
});
export type ReleasePointer = z.infer<typeof ReleasePointerSchema>;

/**
 * The shell's release.json, beside its page: its server part (what the renderer renders the
 * shell's layout with), a file of the shell's build named by its content.
 */
export const ShellReleaseSchema = z.object({ server: z.string().regex(/^\/server\.[0-9a-f]{8,}\.cjs$/) });

/** The browser build's mf-manifest.json, as far as the gateway and the renderer read it. */
export const FederationManifestSchema = z.object({
  metaData: z.object({ remoteEntry: z.object({ name: z.string(), path: z.string() }) }),
  exposes: z.array(
    z.object({
      name: z.string(),
      assets: z.object({
        js: z.object({ sync: z.array(z.string()), async: z.array(z.string()).default([]) }),
        css: z.object({ sync: z.array(z.string()), async: z.array(z.string()).default([]) }).optional(),
      }),
    }),
  ),
});

const UrlValue = z.string().refine((name) => URL_VALUE_NAMES.includes(name), 'not a value of the page URL');
const Template = z.string().max(300).regex(/^[^$]/);

/** routes.json of a release (packages/contracts/src/route-manifest.ts says what each part means). */
export const RouteManifestSchema: z.ZodType<RouteManifest> = z.object({
  routes: z
    .array(
      z.object({
        path: z.string().regex(/^\/[\w\-/:]*$/),
        chunk: z
          .string()
          .regex(/^[\w-]+$/)
          .nullable(),
        params: z.record(z.string(), z.enum(['slug', 'text'])).optional(),
        sitemap: z.union([z.literal('page'), z.enum(SITEMAP_LISTS)]).optional(),
        reads: z
          .array(
            z.object({
              path: Template.regex(/^\//),
              query: z.array(z.union([z.tuple([z.string().min(1), z.union([UrlValue, Template])]), UrlValue])).optional(),
              when: UrlValue.optional(),
            }),
          )
          .optional(),
      }),
    )
    .max(500),
}) as z.ZodType<RouteManifest>;

/** The header in which the gateway names, with each page it asks the renderer for, what to render with. */
export const SITE_VERSION_HEADER = 'x-site-version';
/** `<site>.<release>`: a hash of the shell's page and the runtime config, and the public remote's release (or none). */
export const SiteVersionSchema = z.string().regex(/^[0-9a-f]{16}\.(?:[0-9a-f]{12}|none)$/);
