import { imageUrl, MAX_ACTIVE_BANNERS, type BannerImage } from '@mealprep/contracts';
import type { BannerImageRecord, BannerImageRepository } from '../data-access/banner-image-repository';

export interface BannerDeps {
  banners: BannerImageRepository;
}

/** Our own pictures are served by id at fixed sizes; outside ones keep the URLs they came with. */
export function toBannerImage(record: BannerImageRecord): BannerImage {
  const url = record.imageId ? imageUrl(record.imageId, 'full') : record.urls.regular || record.url;
  const smallUrl = record.imageId ? imageUrl(record.imageId, 'card') : record.urls.small || url;
  return {
    id: record.id,
    source: record.source,
    url,
    smallUrl,
    alt: record.alt_description,
    credit: record.user ? { name: record.user.name, username: record.user.username } : null,
    order: record.order,
  };
}

/** What the home page hero rotates through: the active banners in order, at most five. */
export async function listActiveBanners(deps: BannerDeps): Promise<BannerImage[]> {
  const records = await deps.banners.listActive(MAX_ACTIVE_BANNERS);
  return records.map(toBannerImage);
}
