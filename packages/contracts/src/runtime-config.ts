import { z } from 'zod';
import { brandImagePath } from './brand-images';

/**
 * What the gateway tells the shell at start: where each remote's manifest lives (so a remote can
 * move without rebuilding the shell) and the public settings.
 */
export const RuntimeConfigSchema = z.object({
  /** The operator's site name, from the published brand. */
  siteName: z.string(),
  /**
   * What pages show of the published brand (version 0: not known yet, the gateway is still asking
   * svc-catalog): it travels in every page's HTML, so a page load asks nothing more.
   */
  brand: z.object({
    version: z.number().int().nonnegative(),
    shortName: z.string(),
    tagline: z.string(),
    colours: z.object({ primary: z.string(), accent: z.string(), primaryDark: z.string(), accentDark: z.string() }),
    socialLinks: z.array(z.string()),
    /** Each social link's name, the network's (Instagram, X, …): made by the gateway, so pages carry no table of networks. */
    socialLabels: z.array(z.string()),
    footerText: z.string(),
    hero: z.object({ heading: z.string(), text: z.string() }),
    /** The brand's pictures (ids of svc-media's brand pictures; none: null). */
    images: z.object({ logoLight: z.string().nullable(), logoDark: z.string().nullable(), icon: z.string().nullable(), share: z.string().nullable() }),
  }),
  siteUrl: z.string(),
  apiBase: z.string(),
  remotes: z.object({
    public: z.string(),
    dashboard: z.string(),
    admin: z.string(),
  }),
  /** Each script loads only when its id or key is set. */
  analytics: z.object({
    product: z.object({ key: z.string(), host: z.string(), scriptSrc: z.string() }).nullable(),
    site: z.object({ siteId: z.string(), scriptSrc: z.string() }).nullable(),
    marketing: z.object({ scriptId: z.string(), scriptSrc: z.string() }).nullable(),
  }),
  forms: z.object({
    /** The form provider's embed script. */
    embedScriptSrc: z.string(),
    /** The form id of the add-service form at /add-your-service; null: the native flow. */
    addServiceFormId: z.string().nullable(),
  }),
});
export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;

/** The names a page's title and share tags carry, from the runtime config. */
export const siteNamesOf = (config: Pick<RuntimeConfig, 'siteName' | 'brand'>) => ({
  siteName: config.siteName,
  tagline: config.brand.tagline,
  shareImage: config.brand.images?.share ? brandImagePath(config.brand.images.share) : null,
});
