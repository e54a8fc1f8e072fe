import { isDeepStrictEqual } from 'node:util';
import { AppError, LOST_RACE, untilWritten, type DomainEvents } from '@mealprep/service-kit';
import type { BrandAdminView, BrandSettings, BrandTrailEntry, PublishedBrand } from '@mealprep/contracts';
import type { BrandRepository } from '../../data-access/brand-repository';
import { ALREADY_CURRENT, nextVersion, versionsToDrop, type BrandVersion } from './brand-versions';

export interface BrandDeps {
  brand: BrandRepository;
  events: DomainEvents;
}

/** How many saves of the draft the trail keeps (the published versions are kept on their own). */
export const KEPT_DRAFT_SAVES = 50;
/** Who published the first start's brand. */
export const FIRST_START = 'first start';

const published = (version: BrandVersion): PublishedBrand => ({ version: version.version, settings: version.settings });
const changedMeanwhile = () => {
  throw new AppError('changed_meanwhile', 'The brand changed at the same moment elsewhere. Try again.', { status: 409 });
};

/**
 * On a first start (no version kept yet), the brand from the service's settings becomes version 1:
 * the only place the product's default name lives. Instances starting together make it once.
 */
export async function ensureFirstBrand(deps: BrandDeps, settings: BrandSettings, now: Date): Promise<void> {
  if (await deps.brand.latest()) return;
  const first: BrandVersion = { version: 1, settings, publishedBy: FIRST_START, publishedAt: now, from: null };
  await deps.brand.add(first, [deps.events.event('catalog.brand.published', published(first))]);
  void deps.events.relay();
}

/** The brand visitors see. */
export async function currentBrand(deps: BrandDeps): Promise<PublishedBrand> {
  const latest = await deps.brand.latest();
  if (!latest) throw AppError.unavailable('The site has no brand yet: the service is starting.', 5);
  return published(latest);
}

/** One published version, for staff to look at before publishing it again. */
export async function brandVersion(deps: BrandDeps, version: number): Promise<PublishedBrand> {
  const found = await deps.brand.version(version);
  if (!found) throw AppError.notFound(`No version ${version} of the brand is kept.`);
  return published(found);
}

/** Staff's view: the draft (the current brand when none was saved), the versions and the trail, newest first. */
export async function brandAdminView(deps: BrandDeps): Promise<BrandAdminView> {
  const [current, draft, history] = await Promise.all([currentBrand(deps), deps.brand.readDraft(), deps.brand.history()]);
  const publishes: BrandTrailEntry[] = history.map((v) => ({
    at: v.publishedAt.toISOString(),
    by: v.publishedBy,
    step: v.from === null ? 'published' : 'republished',
    version: v.version,
    from: v.from,
  }));
  const trail = [...publishes, ...(draft?.saves ?? [])].sort((a, b) => b.at.localeCompare(a.at));
  return {
    draft: draft ? { settings: draft.settings, savedBy: draft.savedBy, savedAt: draft.savedAt } : { settings: current.settings, savedBy: null, savedAt: null },
    current,
    versions: history.map((v) => ({ version: v.version, publishedBy: v.publishedBy, publishedAt: v.publishedAt.toISOString(), from: v.from })),
    trail,
  };
}

/** Keeps staff's draft (visitors see nothing of it); saving what is kept already adds no step to the trail. */
export async function saveBrandDraft(deps: BrandDeps, settings: BrandSettings, by: string, at: Date): Promise<void> {
  const current = (await deps.brand.readDraft()) ?? null;
  const base = current?.settings ?? (await currentBrand(deps)).settings;
  if (isDeepStrictEqual(base, settings)) return;
  await deps.brand.changeDraft((draft) => {
    if (draft && isDeepStrictEqual(draft.settings, settings)) return null;
    const step: BrandTrailEntry = { at: at.toISOString(), by, step: 'draft-saved', version: null, from: null };
    return { settings, savedBy: by, savedAt: at.toISOString(), saves: [...(draft?.saves ?? []), step].slice(-KEPT_DRAFT_SAVES) };
  });
}

/**
 * Publishes the draft, or an earlier version again, as the version after the latest (announced in
 * the same write); publishing what is current already makes none. The oldest versions past
 * KEPT_BRAND_VERSIONS are then deleted, never the current one.
 */
export async function publishBrand(deps: BrandDeps, from: 'draft' | number, by: string, at: Date): Promise<{ version: number; published: boolean }> {
  const settings = from === 'draft' ? ((await deps.brand.readDraft())?.settings ?? (await currentBrand(deps)).settings) : (await brandVersion(deps, from)).settings;
  const answer = await untilWritten(async () => {
    const latest = await deps.brand.latest();
    const next = nextVersion(latest, { settings, from: from === 'draft' ? null : from }, by, at);
    if (next === ALREADY_CURRENT) return { version: latest!.version, published: false };
    const added = await deps.brand.add(next, [deps.events.event('catalog.brand.published', published(next))]);
    return added === LOST_RACE ? LOST_RACE : { version: next.version, published: true };
  }, changedMeanwhile);
  if (answer.published) {
    await deps.brand.drop(versionsToDrop(await deps.brand.versionNumbers(), answer.version));
    void deps.events.relay();
  }
  return answer;
}
