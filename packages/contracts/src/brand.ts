import { z } from 'zod';
import { BRAND_IMAGE_ID, BRAND_IMAGE_USES, type BrandImageUse } from './brand-images';
import { contrastRatio, DARK_BACKGROUND, formatContrast, HEX_COLOUR, LIGHT_BACKGROUND, MIN_TEXT_CONTRAST } from './contrast';
import { ILL_FORMED_TEXT_MESSAGE, isWellFormedText } from './text';
import { webAddress } from './web-address';

/** How long each text of the brand may be. */
export const BRAND_TEXT_LIMITS = { siteName: 60, shortName: 12, tagline: 140, footerText: 300, heroHeading: 80, heroText: 300, senderName: 60, analyticsId: 200, url: 500 } as const;
/** At most this many social links. */
export const MAX_BRAND_SOCIAL_LINKS = 8;

/** Text a page shows as it is: no markup (a '<' or '>' is refused, not escaped), no line breaks where a line is meant, well-formed. */
const plain = (max: number, options: { min?: number; oneLine?: boolean } = {}) =>
  z
    .string()
    .trim()
    .min(options.min ?? 0, options.min ? 'must not be empty' : undefined)
    .max(max, `must be at most ${max} characters`)
    .refine(isWellFormedText, ILL_FORMED_TEXT_MESSAGE)
    .refine((value) => !/[<>]/.test(value), 'must be plain text, without HTML (no "<" or ">")')
    .refine((value) => !options.oneLine || !/[\r\n]/.test(value), 'must be one line');

const colour = z.string().regex(HEX_COLOUR, 'must be a colour written #rrggbb');
/** A brand picture kept by svc-media for its use (a logo, the icon, the share image: the id says which), or none. */
const picture = (use: BrandImageUse) => z.string().regex(BRAND_IMAGE_ID[use], 'must be a media id').nullable();
/** An analytics script's public id, or '' for none: letters, digits and the few marks their ids use. */
const analyticsId = z.union([
  z.literal(''),
  z
    .string()
    .max(BRAND_TEXT_LIMITS.analyticsId)
    .regex(/^[\w.:-]+$/, 'must be the id the script gives (letters, digits, "_", "-", ".", ":")'),
]);

/**
 * The operator's brand as staff edit it: names, texts, pictures, colours, links, the mail sender and
 * the analytics scripts' public ids. The primary and accent colours come twice, one for each theme:
 * each is read as text on its theme's background (links, a button's label on the other) and must
 * reach WCAG AA (4.5:1) there, or the settings are refused with the ratio it reached. (No single
 * colour reaches 4.5:1 on both the white and the near-black background: the best grey gets 4.49.)
 */
export const BrandSettingsSchema = z
  .strictObject({
    siteName: plain(BRAND_TEXT_LIMITS.siteName, { min: 1, oneLine: true }),
    shortName: plain(BRAND_TEXT_LIMITS.shortName, { min: 1, oneLine: true }),
    tagline: plain(BRAND_TEXT_LIMITS.tagline, { oneLine: true }),
    logoLightId: picture('logo'),
    logoDarkId: picture('logo'),
    iconId: picture('icon'),
    shareImageId: picture('share'),
    /** `primary` and `accent` on the light theme, `primaryDark` and `accentDark` on the dark one. */
    colours: z.strictObject({ primary: colour, accent: colour, primaryDark: colour, accentDark: colour }),
    socialLinks: z.array(webAddress(BRAND_TEXT_LIMITS.url)).max(MAX_BRAND_SOCIAL_LINKS, `must be at most ${MAX_BRAND_SOCIAL_LINKS} links`),
    footerText: plain(BRAND_TEXT_LIMITS.footerText),
    hero: z.strictObject({ heading: plain(BRAND_TEXT_LIMITS.heroHeading, { min: 1, oneLine: true }), text: plain(BRAND_TEXT_LIMITS.heroText) }),
    mail: z.strictObject({
      senderName: plain(BRAND_TEXT_LIMITS.senderName, { min: 1, oneLine: true }),
      replyTo: z.union([z.literal(''), z.email({ error: 'must be an e-mail address' }).max(254)]),
    }),
    analytics: z.strictObject({ productAnalyticsKey: analyticsId, siteAnalyticsId: analyticsId, marketingScriptId: analyticsId }),
  })
  .superRefine((brand, ctx) => {
    for (const [name, background, theme] of [
      ['primary', LIGHT_BACKGROUND, 'light'],
      ['accent', LIGHT_BACKGROUND, 'light'],
      ['primaryDark', DARK_BACKGROUND, 'dark'],
      ['accentDark', DARK_BACKGROUND, 'dark'],
    ] as const) {
      const value = brand.colours[name];
      if (!HEX_COLOUR.test(value)) continue; // refused by its own check already
      const ratio = contrastRatio(value, background);
      if (ratio < MIN_TEXT_CONTRAST)
        ctx.addIssue({
          code: 'custom',
          path: ['colours', name],
          message: `${value} reaches ${formatContrast(ratio)} as text on the ${theme} background (${background}); text needs at least ${MIN_TEXT_CONTRAST}:1`,
        });
    }
  });
export type BrandSettings = z.infer<typeof BrandSettingsSchema>;

/** The brand as published: the version visitors see and its settings (the gateways keep it, and hear of the next by event). */
export const PublishedBrandSchema = z.object({ version: z.number().int().positive(), settings: BrandSettingsSchema });
export type PublishedBrand = z.infer<typeof PublishedBrandSchema>;

/** A published version named in a path (`/admin/brand/versions/:version`). */
export const BrandVersionParamsSchema = z.strictObject({
  version: z
    .string()
    .regex(/^[1-9][0-9]{0,8}$/, 'must be a version number')
    .transform(Number),
});

/** What staff publish: the draft, or an earlier version again (a roll back). */
export const BrandPublishBodySchema = z.strictObject({ from: z.union([z.literal('draft'), z.number().int().positive().max(999_999_999)]) });

/** One step on the brand's trail: a draft saved, a version published (from the draft or again from an earlier one). */
export const BrandTrailEntrySchema = z.object({
  at: z.iso.datetime(),
  by: z.string(),
  step: z.enum(['draft-saved', 'published', 'republished']),
  /** The version made (published, republished), or null for a draft saved. */
  version: z.number().int().positive().nullable(),
  /** The earlier version published again, or null. */
  from: z.number().int().positive().nullable(),
});
export type BrandTrailEntry = z.infer<typeof BrandTrailEntrySchema>;

/** Staff's view of the brand: the draft, the published versions (newest first, each with who and when) and the trail. */
export const BrandAdminViewSchema = z.object({
  draft: z.object({ settings: BrandSettingsSchema, savedBy: z.string().nullable(), savedAt: z.iso.datetime().nullable() }),
  current: PublishedBrandSchema,
  versions: z.array(z.object({ version: z.number().int().positive(), publishedBy: z.string(), publishedAt: z.iso.datetime(), from: z.number().int().positive().nullable() })),
  trail: z.array(BrandTrailEntrySchema),
});
export type BrandAdminView = z.infer<typeof BrandAdminViewSchema>;

/** What a publish answers: the version now current, and whether the publish made it (false: it was current already). */
export const BrandPublishAnswerSchema = z.object({ version: z.number().int().positive(), published: z.boolean() });

/** A brand picture uploaded by staff (`POST /admin/brand-images?use=`): the bytes are the body. */
export const BrandImageQuerySchema = z.strictObject({ use: z.enum(BRAND_IMAGE_USES, { error: 'must be logo, icon or share' }) });
/** A brand picture's file: `size` is one of the icon's sizes, or "full" (a logo, the share image). */
export const BrandImageParamsSchema = z.strictObject({
  id: z.string().regex(/^brand-(?:logo|icon|share)-[0-9a-f]{16}(?:-[1-9][0-9]{0,3}x[1-9][0-9]{0,3})?$/, 'must be a brand picture id'),
  size: z.union([
    z.literal('full'),
    z
      .string()
      .regex(/^[1-9][0-9]{1,2}$/, 'must be "full" or a size in pixels')
      .transform(Number),
  ]),
});
/** What an upload answers: the new picture's id (to put in the draft) and its size in pixels. */
export const BrandImageAnswerSchema = z.object({ id: z.string(), width: z.number().int().positive(), height: z.number().int().positive() });
export type BrandImageAnswer = z.infer<typeof BrandImageAnswerSchema>;
