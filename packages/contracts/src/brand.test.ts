import { describe, expect, it } from 'vitest';
import { BrandSettingsSchema, type BrandSettings } from './brand';

const brand: BrandSettings = {
  siteName: 'Prep Finder',
  shortName: 'Prep',
  tagline: 'Meal prep near you',
  logoLightId: null,
  logoDarkId: null,
  iconId: null,
  shareImageId: null,
  // Emerald 700 on white, emerald 400 on the dark background, as the site's own colours.
  colours: { primary: '#047857', accent: '#b45309', primaryDark: '#34d399', accentDark: '#fbbf24' },
  socialLinks: ['https://social.example.com/prepfinder'],
  footerText: 'Independent listings, updated by their owners.',
  hero: { heading: 'Meals prepped near you', text: 'Find a local service.' },
  mail: { senderName: 'Prep Finder', replyTo: 'hello@prepfinder.example.com' },
  analytics: { productAnalyticsKey: 'phc_abc123', siteAnalyticsId: 'ABCDEF', marketingScriptId: '' },
};

const messages = (value: unknown) => {
  const result = BrandSettingsSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the brand staff keep', () => {
  it('when every field is as a brand has it, then it is kept as given', () => {
    expect(BrandSettingsSchema.parse(brand)).toEqual(brand);
  });

  it('when a colour is too light for the light background, then it is refused with the ratio it reached', () => {
    expect(messages({ ...brand, colours: { ...brand.colours, primary: '#9ca3af' } })).toEqual([
      'colours.primary: #9ca3af reaches 2.53:1 as text on the light background (#ffffff); text needs at least 4.5:1',
    ]);
  });

  it('when a colour is not written #rrggbb, then it is refused as such (its contrast is not asked), and the others are still checked', () => {
    expect(messages({ ...brand, colours: { ...brand.colours, primary: 'red', accentDark: '#451a03' } })).toEqual([
      'colours.primary: must be a colour written #rrggbb',
      'colours.accentDark: #451a03 reaches 1.34:1 as text on the dark background (#030712); text needs at least 4.5:1',
    ]);
  });

  it("when a theme's colour is too dark for the dark background, then it is refused with the ratio it reached; each colour on its own theme's background", () => {
    // The light theme's emerald is fine on white and not on the dark background.
    expect(messages({ ...brand, colours: { ...brand.colours, primaryDark: '#047857' } })).toEqual([
      'colours.primaryDark: #047857 reaches 3.67:1 as text on the dark background (#030712); text needs at least 4.5:1',
    ]);
    expect(messages({ ...brand, colours: { ...brand.colours, accent: '#fbbf24', accentDark: '#451a03' } })).toEqual([
      'colours.accent: #fbbf24 reaches 1.66:1 as text on the light background (#ffffff); text needs at least 4.5:1',
      'colours.accentDark: #451a03 reaches 1.34:1 as text on the dark background (#030712); text needs at least 4.5:1',
    ]);
  });

  it('when a link, a name, a text or an id is what the issue warns of, then each is refused with its own message and nothing else is', () => {
    const cases: Array<[Partial<BrandSettings>, string]> = [
      [{ socialLinks: ['javascript:alert(1)'] }, 'socialLinks.0: must be a web address (http or https)'],
      [{ socialLinks: ['ftp://files.example.com/'] }, 'socialLinks.0: must be a web address (http or https)'],
      [{ siteName: '<b>Prep</b> Finder' }, 'siteName: must be plain text, without HTML (no "<" or ">")'],
      [{ siteName: 'Prep\ud800 Finder' }, 'siteName: must be well-formed text (it holds half of a character)'],
      [{ siteName: '   ' }, 'siteName: must not be empty'],
      [{ shortName: 'Prep Finder Directory' }, 'shortName: must be at most 12 characters'],
      [{ mail: { senderName: 'Prep\r\nBcc: all@example.com', replyTo: '' } }, 'mail.senderName: must be one line'],
      [{ mail: { senderName: 'Prep', replyTo: 'not an address' } }, 'mail.replyTo: must be an e-mail address'],
      [{ analytics: { ...brand.analytics, siteAnalyticsId: '"><script>' } }, 'analytics.siteAnalyticsId: must be the id the script gives (letters, digits, "_", "-", ".", ":")'],
      [{ logoLightId: '../../etc/passwd' }, 'logoLightId: must be a media id'],
    ];
    for (const [change, message] of cases) expect([change, messages({ ...brand, ...change })]).toEqual([change, [message]]);
  });

  it('when a field is missing or one is added, then the settings are refused', () => {
    const { tagline: _tagline, ...missing } = brand;
    expect(messages(missing)).toEqual(['tagline: Invalid input: expected string, received undefined']);
    expect(messages({ ...brand, theme: 'pink' })[0]).toMatch(/^: Unrecognized key/);
  });
});
