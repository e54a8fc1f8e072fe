import { describe, expect, it } from 'vitest';
import type { BrandSettings } from '@mealprep/contracts';
import { ALREADY_CURRENT, KEPT_BRAND_VERSIONS, nextVersion, versionsToDrop, type BrandVersion } from './brand-versions';

const settings: BrandSettings = {
  siteName: 'Prep Finder',
  shortName: 'Prep',
  tagline: '',
  logoLightId: null,
  logoDarkId: null,
  iconId: null,
  shareImageId: null,
  colours: { primary: '#047857', accent: '#b45309', primaryDark: '#34d399', accentDark: '#fbbf24' },
  socialLinks: [],
  footerText: '',
  hero: { heading: 'Meals prepped near you', text: '' },
  mail: { senderName: 'Prep Finder', replyTo: '' },
  analytics: { productAnalyticsKey: '', siteAnalyticsId: '', marketingScriptId: '' },
};
const at = new Date('2026-11-29T12:00:00.000Z');

describe('published versions of the brand', () => {
  it('when staff publish the first draft, then it is version 1, with who and when', () => {
    expect(nextVersion(null, { settings, from: null }, 'staff-1', at)).toEqual({ version: 1, settings, publishedBy: 'staff-1', publishedAt: at, from: null });
  });

  it('when an earlier version is published again, then it is a new version after the latest that says which it came from', () => {
    const latest: BrandVersion = { version: 7, settings: { ...settings, siteName: 'Prep Finder Pro' }, publishedBy: 'staff-1', publishedAt: at, from: null };
    expect(nextVersion(latest, { settings, from: 3 }, 'staff-2', at)).toMatchObject({ version: 8, settings, publishedBy: 'staff-2', from: 3 });
  });

  it('when what would be published is the current brand already, then no version is made', () => {
    const latest: BrandVersion = { version: 2, settings, publishedBy: 'staff-1', publishedAt: at, from: null };
    expect(nextVersion(latest, { settings: structuredClone(settings), from: null }, 'staff-1', at)).toBe(ALREADY_CURRENT);
    expect(nextVersion(latest, { settings, from: 1 }, 'staff-1', at)).toBe(ALREADY_CURRENT);
  });

  it('when more versions are kept than the bound, then the oldest go and never the current one, however old', () => {
    const all = Array.from({ length: KEPT_BRAND_VERSIONS + 5 }, (_, i) => i + 1);
    expect(versionsToDrop(all, all.length)).toEqual([1, 2, 3, 4, 5]);
    // The current version stays whatever its number (publishing makes the newest current; this holds even if not).
    expect(versionsToDrop(all, 2)).toEqual([1, 3, 4, 5, 6]);
    expect(versionsToDrop([1, 2, 3], 3)).toEqual([]);
    expect(versionsToDrop([1, 2, 3], 1, 1)).toEqual([2, 3]);
  });
});
