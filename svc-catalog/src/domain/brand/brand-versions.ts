import { isDeepStrictEqual } from 'node:util';
import type { BrandSettings } from '@mealprep/contracts';

/**
 * How many published versions of the brand are kept: staff may publish any of them again. The
 * oldest that is not the current one goes first; a loop of publishes grows nothing past this.
 */
export const KEPT_BRAND_VERSIONS = 100;

/** A published brand: numbered from 1, with who published it and when. */
export interface BrandVersion {
  version: number;
  settings: BrandSettings;
  publishedBy: string;
  publishedAt: Date;
  /** The earlier version published again (a roll back), or null: staff's draft. */
  from: number | null;
}

/** Why a publish changes nothing: the brand it would publish is the current one already. */
export const ALREADY_CURRENT = 'already_current';

/**
 * The version publishing makes: the draft's settings (`from` null) or an earlier version's again
 * (`from` its number), as the version after the latest. Publishing what is current already makes
 * none (a double click, a loop) and says so.
 */
export function nextVersion(latest: BrandVersion | null, publishing: { settings: BrandSettings; from: number | null }, by: string, at: Date): BrandVersion | typeof ALREADY_CURRENT {
  if (latest && isDeepStrictEqual(latest.settings, publishing.settings)) return ALREADY_CURRENT;
  return { version: (latest?.version ?? 0) + 1, settings: publishing.settings, publishedBy: by, publishedAt: at, from: publishing.from };
}

/** The versions to delete so that at most `keep` stay, oldest first, never the current one. */
export function versionsToDrop(versions: readonly number[], current: number, keep = KEPT_BRAND_VERSIONS): number[] {
  const others = versions.filter((version) => version !== current).sort((a, b) => a - b);
  const room = Math.max(0, keep - (versions.includes(current) ? 1 : 0));
  return others.slice(0, Math.max(0, others.length - room));
}
